/*
 * files.c - the browser client's files (the web folder at /) and the rules pages
 * (/rules/<game>.md), for GET and HEAD.
 *
 * Only paths made of plain segments (letters, digits, '.', '-', '_', none starting with '.')
 * are looked up, and the file found must lie inside the folder once symbolic links are
 * resolved, so no request reaches outside it. A folder's index.html answers for the folder;
 * learn.html answers for every path under /learn (the tutorials' page). Files carry an ETag
 * and are revalidated on each use (304 when unchanged); ranges are answered (206).
 */
#define _DEFAULT_SOURCE /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <civetweb.h>

#include "server/files.h"

/* Files larger than this are not served (the client's files are small). */
#define FILE_MAX ((off_t)16 << 20)

static const struct {
	const char *ext;
	const char *type;
} types[] = {
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".json", "application/json; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".ico", "image/x-icon"},
    {".webp", "image/webp"},
    {".woff2", "font/woff2"},
    {".md", "text/markdown; charset=utf-8"},
    {".txt", "text/plain; charset=utf-8"},
    {".webmanifest", "application/manifest+json"},
};

/* The content type for a file name by its extension. */
static const char *type_of(const char *name)
{
	const char *dot = strrchr(name, '.');
	for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
		if (qv_streq_nocase(dot, types[i].ext))
			return types[i].type;
	return "application/octet-stream";
}

/* Whether every segment of path (which starts with '/') is plain. An empty last segment
 * (a folder) is allowed. */
static bool plain_path(const char *path)
{
	if (path[0] != '/')
		return false;
	const char *seg = path + 1;
	while (*seg) {
		size_t n = strcspn(seg, "/");
		if (n == 0 || seg[0] == '.')
			return false;
		for (size_t i = 0; i < n; i++) {
			char ch = seg[i];
			bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			          (ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == '_';
			if (!ok)
				return false;
		}
		seg += n;
		if (*seg == '/')
			seg++;
	}
	return true;
}

/* Whether a Range header asks for bytes the file does not have ("bytes=A-" or "bytes=A-B"
 * with A at or past the end, or B before A). CivetWeb answers such a range with a negative
 * Content-Length, so it is refused here first (416). Other forms CivetWeb ignores, sending
 * the whole file. */
static bool range_unsatisfiable(const char *range, off_t size)
{
	long long a, b;
	int n = range ? sscanf(range, "bytes=%lld-%lld", &a, &b) : 0;
	return n >= 1 && a >= 0 && (a >= size || (n == 2 && b >= 0 && b < a));
}

/* Sends the file at full (already resolved and checked) with its type. CivetWeb's
 * mg_send_mime_file2 adds Last-Modified, an ETag (the time and size), answers 304 to
 * If-None-Match or If-Modified-Since, and 206 to a range; the Cache-Control it sends is the
 * server's `static_file_cache_control` option (no-cache: always revalidate). */
static bool send_file(struct mg_connection *c, const char *full)
{
	struct stat sb;
	if (stat(full, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size > FILE_MAX)
		return false;
	if (range_unsatisfiable(mg_get_header(c, "Range"), sb.st_size)) {
		char range[48];
		snprintf(range, sizeof range, "bytes */%lld", (long long)sb.st_size);
		mg_response_header_start(c, 416);
		mg_response_header_add(c, "Content-Range", range, -1);
		mg_response_header_add(c, "Content-Length", "0", -1);
		mg_response_header_add(c, "X-Content-Type-Options", "nosniff", -1);
		mg_response_header_send(c);
		return true;
	}
	mg_send_mime_file2(c, full, type_of(full), "X-Content-Type-Options: nosniff\r\n");
	return true;
}

/* Serves dir + rel when it is a file inside dir (a folder: its index.html). */
static bool serve_from(struct mg_connection *c, const char *dir, const char *rel)
{
	char root[PATH_MAX], want[PATH_MAX + 32], full[PATH_MAX];
	if (!realpath(dir, root))
		return false;
	size_t n = strlen(rel);
	int len = snprintf(want, sizeof want, "%s%s%s", root, rel,
	                   n == 0 || rel[n - 1] == '/' ? "index.html" : "");
	if (len < 0 || (size_t)len >= sizeof want || !realpath(want, full))
		return false;
	struct stat sb;
	if (stat(full, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (strlen(full) + 12 >= sizeof full)
			return false;
		strcat(full, "/index.html");
		char again[PATH_MAX];
		if (!realpath(full, again))
			return false;
		strcpy(full, again);
	}
	size_t rl = strlen(root);
	if (strncmp(full, root, rl) != 0 || full[rl] != '/')
		return false;
	return send_file(c, full);
}

bool qv__files_serve(qv__server *srv, struct mg_connection *c, const char *path)
{
	if (!plain_path(path))
		return false;
	if (strncmp(path, "/rules/", 7) == 0) {
		const char *file = path + 7;
		size_t n = strlen(file);
		if (!srv->cfg.rules_dir || n < 4 || strcmp(file + n - 3, ".md") != 0 ||
		    strchr(file, '/'))
			return false;
		char game[64];
		if (n - 3 >= sizeof game)
			return false;
		memcpy(game, file, n - 3);
		game[n - 3] = '\0';
		if (!qv_game_find(game, NULL))
			return false;
		return serve_from(c, srv->cfg.rules_dir, path + 6);
	}
	/* the tutorials' page answers for /learn, /learn/GAME and /learn/GAME/LESSON; it reads
	 * which from its address */
	if (strcmp(path, "/learn") == 0 || strncmp(path, "/learn/", 7) == 0)
		return srv->cfg.web_dir && serve_from(c, srv->cfg.web_dir, "/learn.html");
	return srv->cfg.web_dir && serve_from(c, srv->cfg.web_dir, path);
}
