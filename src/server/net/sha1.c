/*
 * sha1.c - SHA-1 as RFC 3174 describes it, and the WebSocket accept key (sha1.h).
 */
#include <string.h>

#include "server/net/sha1.h"

static uint32_t rol(uint32_t x, int n) { return x << n | x >> (32 - n); }

/* One 64-byte block into the state h. */
static void block(uint32_t h[5], const uint8_t *p)
{
	uint32_t w[80];
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	for (int i = 0; i < 80; i++) {
		uint32_t f, k;
		if (i < 20) {
			f = (b & c) | (~b & d);
			k = 0x5A827999;
		} else if (i < 40) {
			f = b ^ c ^ d;
			k = 0x6ED9EBA1;
		} else if (i < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8F1BBCDC;
		} else {
			f = b ^ c ^ d;
			k = 0xCA62C1D6;
		}
		uint32_t t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = c;
		c = rol(b, 30);
		b = a;
		a = t;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

void qv__sha1(const void *data, size_t len, uint8_t out[20])
{
	uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
	const uint8_t *p = data;
	size_t left = len;
	for (; left >= 64; left -= 64, p += 64)
		block(h, p);
	/* The last bytes, a 1 bit, zeros, and the length in bits in the last 8 bytes. */
	uint8_t tail[128] = {0};
	memcpy(tail, p, left);
	tail[left] = 0x80;
	size_t n = left + 9 <= 64 ? 64 : 128;
	uint64_t bits = (uint64_t)len * 8;
	for (int i = 0; i < 8; i++)
		tail[n - 1 - i] = (uint8_t)(bits >> (8 * i));
	block(h, tail);
	if (n == 128)
		block(h, tail + 64);
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 4; j++)
			out[4 * i + j] = (uint8_t)(h[i] >> (24 - 8 * j));
}

void qv__ws_accept_key(const char *key, char out[29])
{
	static const char guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char text[128];
	size_t n = strlen(key);
	if (n > sizeof text - sizeof guid)
		n = sizeof text - sizeof guid;
	memcpy(text, key, n);
	memcpy(text + n, guid, sizeof guid - 1);
	uint8_t d[21] = {0};
	qv__sha1(text, n + sizeof guid - 1, d);
	/* 20 bytes: six groups of three and one of two, the last padded with one '='. */
	int o = 0;
	for (int i = 0; i < 21; i += 3) {
		uint32_t v = (uint32_t)d[i] << 16 | (uint32_t)d[i + 1] << 8 | d[i + 2];
		out[o++] = b64[v >> 18 & 63];
		out[o++] = b64[v >> 12 & 63];
		out[o++] = b64[v >> 6 & 63];
		out[o++] = i + 2 < 20 ? b64[v & 63] : '=';
	}
	out[28] = '\0';
}
