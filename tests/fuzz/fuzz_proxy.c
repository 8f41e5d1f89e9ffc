/*
 * fuzz_proxy.c - libFuzzer target: feeds arbitrary bytes to the PROXY protocol v2 header's
 * reader (qv__proxy_parse, proxy.h), which reads the first bytes a trusted proxy sends, and
 * checks what it answers: -1 with a reason, 0 only for a prefix of a header that may still
 * come whole (more bytes never make it malformed before they do), or a length between 16 and
 * the bytes given with an address of a family the reader names. Build with `make fuzz` (clang).
 */
#include <stdlib.h>
#include <string.h>

#include "server/net/proxy.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct sockaddr_storage src;
	socklen_t len = 0;
	char why[128] = "";
	int got = qv__proxy_parse(data, size, &src, &len, why, sizeof why);
	if (got < 0) {
		if (!why[0])
			abort(); /* every refusal says why */
		return 0;
	}
	if (got == 0) {
		if (size >= QV__PROXY_HEADER_MAX)
			abort(); /* a header never needs more than its most */
		return 0;
	}
	if (got < 16 || (size_t)got > size || (size_t)got > QV__PROXY_HEADER_MAX)
		abort();
	if (src.ss_family != AF_UNSPEC && src.ss_family != AF_INET && src.ss_family != AF_INET6)
		abort();
	/* the same bytes cut anywhere before their end are a prefix, never malformed */
	for (size_t cut = 0; cut < (size_t)got; cut++)
		if (qv__proxy_parse(data, cut, &src, &len, why, sizeof why) != 0)
			abort();
	return 0;
}
