/*
 * file.c - a match's records and states on disk: a file read whole, within QV_RECORD_MAX bytes
 * whatever it is (a pipe, a file that grows), and loaded (load.c); a record written indented
 * (json.c). Every message names the path.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "games/json_util.h"
#include "quiver/match.h"

/* Reads f to its end into a new text with room for a final NUL (*len bytes read), in chunks up
 * to the limit, so that pipes and files that grow are bounded too. The caller closes f; the
 * text is the caller's on success. */
static qv_status read_bounded(FILE *f, const char *path, char **out, size_t *len, qv_err *err)
{
	size_t cap = 1 << 16, n = 0;
	const size_t most = (size_t)QV_RECORD_MAX + 2;
	char *text = malloc(cap);
	while (text) {
		if (n + 1 >= cap) {
			if (cap >= most) {
				free(text);
				return qv_fail(err, QV_EINVAL,
				               "'%s' is too big (a record or state "
				               "has at most %u bytes, 4 MiB)",
				               path, QV_RECORD_MAX);
			}
			size_t grown = cap * 2 < most ? cap * 2 : most;
			char *t = realloc(text, grown);
			if (!t) {
				free(text);
				text = NULL;
				break;
			}
			text = t;
			cap = grown;
		}
		size_t got = fread(text + n, 1, cap - 1 - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (!text)
		return qv_fail(err, QV_ENOMEM, "out of memory reading '%s'", path);
	if (ferror(f)) {
		free(text);
		return qv_fail(err, QV_EIO, "cannot read '%s'", path);
	}
	text[n] = '\0';
	*out = text;
	*len = n;
	return QV_OK;
}

/* A file whose size is known is refused before it is read when it is too big; one that is not
 * (a pipe) is refused as soon as it has given too much. */
qv_status qv_match_load_file(qv_match **out, const char *path, qv_err *err)
{
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return qv_fail(err, QV_EIO, "cannot open '%s': %s", path, strerror(errno));
	struct stat sb;
	if (fstat(fileno(f), &sb) == 0 && (long long)sb.st_size > (long long)QV_RECORD_MAX) {
		fclose(f);
		return qv_fail(err, QV_EINVAL,
		               "'%s' is too big (%lld bytes; a record or state has "
		               "at most %u bytes, 4 MiB)",
		               path, (long long)sb.st_size, QV_RECORD_MAX);
	}
	char *text = NULL;
	size_t len = 0;
	qv_status rc = read_bounded(f, path, &text, &len, err);
	fclose(f);
	if (rc)
		return rc;
	if (strlen(text) != len) {
		free(text);
		return qv_fail(err, QV_EINVAL, "%s: contains a NUL byte, not JSON text", path);
	}
	qv_err why;
	rc = qv_match_load_text(out, text, &why);
	free(text);
	if (rc)
		return qv_fail(err, rc, "%s: %s", path, why.msg);
	return QV_OK;
}

/* Writes the record indented, with a final newline; a write or close error is reported. */
qv_status qv_match_save_record(const qv_match *m, const char *path, qv_err *err)
{
	json_t *j = qv_match_record_json(m);
	char *text = qv__json_dumps(j, JSON_INDENT(2));
	json_decref(j);
	if (!text)
		return qv_fail(err, QV_ENOMEM, "out of memory writing the record for '%s'", path);
	FILE *f = fopen(path, "w");
	if (!f) {
		int e = errno;
		free(text);
		return qv_fail(err, QV_EIO, "cannot write '%s': %s", path, strerror(e));
	}
	bool ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
	free(text);
	if (fclose(f) != 0 || !ok)
		return qv_fail(err, QV_EIO, "cannot write '%s': %s", path, strerror(errno));
	return QV_OK;
}
