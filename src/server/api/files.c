/*
 * files.c - the browser client's files (the web folder at /) and the rules pages
 * (/rules/<game>.md), for GET and HEAD.
 *
 * Only paths made of plain segments (letters, digits, '.', '-', '_', none starting with '.')
 * are looked up, and the file found must lie inside the folder once symbolic links are
 * resolved, so no request reaches outside it. A folder's index.html answers for the folder;
 * a page that answers for other paths (learn.html for /learn/...) is the route table's
 * (http.c), which serves it by name (qv__files_page). Files carry an ETag
 * and are revalidated on each use (304 when unchanged); ranges are answered (206). The answer
 * names the open file (net.h's qv__req_file), which the network layer sends from the loop, so
 * a request worker never waits for a slow reader.
 */
#define _DEFAULT_SOURCE /* realpath, timegm */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server/api/files.h"

/* Files larger than this are not served (the client's files are small). */
#define FILE_MAX ((off_t)16 << 20)

/* The files' Cache-Control: cached, but asked again each time with their ETag (a 304 when
 * unchanged), so a new version is seen at once. */
#define FILE_CACHE "no-cache"

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
    /* the app's engine (make web), compiled by the browser as it arrives */
    {".wasm", "application/wasm"},
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
 * with A at or past the end, or B before A): 416. */
static bool range_unsatisfiable(const char *range, off_t size)
{
	long long a, b;
	int n = range ? sscanf(range, "bytes=%lld-%lld", &a, &b) : 0;
	return n >= 1 && a >= 0 && (a >= size || (n == 2 && b >= 0 && b < a));
}

/* The bytes a satisfiable Range header asks for, [*from, *to] (B past the end is cut to the
 * end); false when there is no range to answer, the whole file then sent. Only the first range
 * of "bytes=A-B" and "bytes=A-" is read, as CivetWeb read them: a suffix ("bytes=-N") or any
 * other form gets the whole file. */
static bool range_of(const char *range, off_t size, off_t *from, off_t *to)
{
	long long a, b = 0;
	int n = range ? sscanf(range, "bytes=%lld-%lld", &a, &b) : 0;
	if (n < 1 || a < 0 || b < 0 || a >= size || (n == 2 && b < a))
		return false;
	*from = (off_t)a;
	*to = n == 2 && b < size ? (off_t)b : size - 1;
	return true;
}

/* t as an HTTP date (IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"), in English whatever the
 * locale. */
static void http_date(time_t t, char *buf, size_t len)
{
	static const char days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
	static const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
	struct tm tm;
	if (!gmtime_r(&t, &tm)) {
		snprintf(buf, len, "Thu, 01 Jan 1970 00:00:00 GMT");
		return;
	}
	snprintf(buf, len, "%s, %02d %s %04d %02d:%02d:%02d GMT", days[tm.tm_wday], tm.tm_mday,
	         months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* The time an IMF-fixdate names (what a browser sends back of a Last-Modified), or -1. */
static time_t http_date_parse(const char *text)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	char mon[4];
	struct tm tm = {0};
	if (sscanf(text, "%*3s, %d %3s %d %d:%d:%d", &tm.tm_mday, mon, &tm.tm_year, &tm.tm_hour,
	           &tm.tm_min, &tm.tm_sec) != 6 ||
	    strlen(mon) != 3)
		return -1;
	const char *at = strstr(months, mon);
	if (!at || (at - months) % 3 != 0)
		return -1;
	tm.tm_mon = (int)(at - months) / 3;
	tm.tm_year -= 1900;
	return timegm(&tm);
}

/* Whether the client's copy is the file's: If-None-Match names its ETag or, without
 * If-None-Match, If-Modified-Since is not older than the file (RFC 9110: the ETag decides
 * when there is one). */
static bool not_modified(const qv__req *c, const struct stat *sb, const char *etag)
{
	const char *inm = qv__req_header(c, "If-None-Match");
	if (inm)
		return qv_streq_nocase(inm, etag);
	const char *ims = qv__req_header(c, "If-Modified-Since");
	time_t since = ims ? http_date_parse(ims) : -1;
	return since != -1 && sb->st_mtime <= since;
}

/* Answers 416 for a range past the end of a file of `size` bytes: no body. */
static void send_unsatisfiable(qv__req *c, off_t size)
{
	char range[48];
	snprintf(range, sizeof range, "bytes */%lld", (long long)size);
	qv__req_status(c, 416);
	qv__req_add_header(c, "Content-Range", range);
	qv__req_add_header(c, "X-Content-Type-Options", "nosniff");
}

/* Sends the file at full (already resolved and checked) with its type: Last-Modified and an
 * ETag of its time and size (written as CivetWeb wrote them, so that copies cached before
 * still revalidate), 304 without a body when the client's copy is current, 206 for a range.
 * The layer closes the file once sent. */
static bool send_file(qv__req *c, const char *full)
{
	/* O_NONBLOCK: opening a FIFO left in the folder would wait for a writer (it changes
	 * nothing for a regular file). */
	int fd = open(full, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat sb;
	if (fd < 0)
		return false;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size > FILE_MAX) {
		close(fd);
		return false;
	}
	const char *range = qv__req_header(c, "Range");
	if (range_unsatisfiable(range, sb.st_size)) {
		send_unsatisfiable(c, sb.st_size);
		close(fd);
		return true;
	}
	char etag[64], modified[40], span[80];
	snprintf(etag, sizeof etag, "\"%lx.%lld\"", (unsigned long)sb.st_mtime,
	         (long long)sb.st_size);
	http_date(sb.st_mtime, modified, sizeof modified);
	bool current = not_modified(c, &sb, etag);
	off_t from = 0, to = sb.st_size - 1;
	bool partial = !current && range_of(range, sb.st_size, &from, &to);
	qv__req_status(c, current ? 304 : partial ? 206 : 200);
	qv__req_add_header(c, "Cache-Control", FILE_CACHE);
	qv__req_add_header(c, "Last-Modified", modified);
	qv__req_add_header(c, "ETag", etag);
	if (current) { /* no body: the headers refresh the client's copy */
		close(fd);
		return true;
	}
	qv__req_add_header(c, "Content-Type", type_of(full));
	if (partial) {
		snprintf(span, sizeof span, "bytes %lld-%lld/%lld", (long long)from, (long long)to,
		         (long long)sb.st_size);
		qv__req_add_header(c, "Content-Range", span);
	}
	qv__req_add_header(c, "Accept-Ranges", "bytes");
	qv__req_add_header(c, "X-Content-Type-Options", "nosniff");
	qv__req_file(c, fd, from, (size_t)(to - from + 1));
	return true;
}

/* Serves dir + rel when it is a file inside dir (a folder: its index.html). */
static bool serve_from(qv__req *c, const char *dir, const char *rel)
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

bool qv__files_serve(qv__server *srv, qv__req *c, const char *path)
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
	return srv->cfg.web_dir && serve_from(c, srv->cfg.web_dir, path);
}

bool qv__files_page(qv__server *srv, qv__req *c, const char *file)
{
	return srv->cfg.web_dir && serve_from(c, srv->cfg.web_dir, file);
}

void qv__files_site(qv__server *srv, qv__req *c)
{
	char engine[PATH_MAX];
	struct stat st;
	int n = srv->cfg.web_dir ? snprintf(engine, sizeof engine, "%s/engine/quiver-engine.wasm",
	                                    srv->cfg.web_dir)
	                         : -1;
	bool has =
	    n > 0 && (size_t)n < sizeof engine && stat(engine, &st) == 0 && S_ISREG(st.st_mode);
	const char *text = has ? "export const LOCAL = false;\nexport const ENGINE = true;\n"
	                       : "export const LOCAL = false;\nexport const ENGINE = false;\n";
	qv__req_status(c, 200);
	qv__req_add_header(c, "Content-Type", "text/javascript; charset=utf-8");
	qv__req_add_header(c, "Cache-Control", FILE_CACHE);
	qv__req_add_header(c, "X-Content-Type-Options", "nosniff");
	qv__req_write(c, text, strlen(text));
}
