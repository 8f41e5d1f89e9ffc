/*
 * flight.c - the flight recorder (flight.h): one page of a file mapped MAP_SHARED, written with
 * atomic stores as work begins and ends, read once at the next start.
 *
 * Order of writes: a step's slot gets the table's id before it is marked busy, and is marked
 * free before its id is changed, so a record read after a death never names a table whose step
 * was not under way. A death between the two writes of a slot leaves at worst a step unnamed
 * or counted twice, and either blames nobody: the record errs towards keeping tables playing.
 * A power failure may lose the page's last writes (the kernel writes it back when it likes);
 * the guard then judges by an older record, and one death blamed wrongly stops nothing
 * (QV__AI_TRIES is 2).
 */
#define _DEFAULT_SOURCE /* MAP_SHARED's companions, ftruncate */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/state/flight.h"

/* The file's layout; `magic` and `layout` change with it, and a file of another layout is
 * read as no record. */
#define FLIGHT_MAGIC  "qvflight"
#define FLIGHT_LAYOUT 1

typedef struct flight_slot {
	atomic_int busy;
	char id[QV__ID_LEN + 1];
} flight_slot;

typedef struct page {
	char magic[8];
	int layout;
	atomic_int requests;
	atomic_int unnamed;
	flight_slot step[QV__FLIGHT_SLOTS];
} page;

struct qv__flight {
	int fd;
	page *p;
	size_t size;
	pthread_mutex_t lock; /* the slots' use below */
	bool used[QV__FLIGHT_SLOTS];
};

/* Reads what a page left by the last process says. */
static void read_last(const page *p, qv__flight_last *last)
{
	*last = (qv__flight_last){0};
	if (memcmp(p->magic, FLIGHT_MAGIC, sizeof p->magic) != 0 || p->layout != FLIGHT_LAYOUT)
		return;
	last->known = true;
	last->requests = atomic_load(&p->requests);
	last->unnamed = atomic_load(&p->unnamed);
	for (int i = 0; i < QV__FLIGHT_SLOTS; i++) {
		if (!atomic_load(&p->step[i].busy))
			continue;
		memcpy(last->step[last->nsteps], p->step[i].id, QV__ID_LEN);
		last->step[last->nsteps][QV__ID_LEN] = '\0';
		last->nsteps++;
	}
}

qv_status qv__flight_open(qv__flight **out, const char *db, qv__flight_last *last, qv_err *err)
{
	*out = NULL;
	*last = (qv__flight_last){0};
	char path[1100];
	if (snprintf(path, sizeof path, "%s-flight", db) >= (int)sizeof path)
		return qv_fail(err, QV_EIO, "the database's path is too long for its -flight file");
	qv__flight *f = calloc(1, sizeof *f);
	if (!f)
		return qv_fail(err, QV_ENOMEM, "out of memory opening %s", path);
	f->size = (size_t)sysconf(_SC_PAGESIZE);
	if (f->size < sizeof(page))
		f->size = sizeof(page);
	f->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	struct stat sb;
	bool fresh = f->fd >= 0 && fstat(f->fd, &sb) == 0 && (size_t)sb.st_size < sizeof(page);
	if (f->fd < 0 || ftruncate(f->fd, (off_t)f->size) != 0) {
		qv_status rc = qv_fail(err, QV_EIO,
		                       "cannot make %s: %s (it records the server's work beside "
		                       "the database)",
		                       path, strerror(errno));
		if (f->fd >= 0)
			close(f->fd);
		free(f);
		return rc;
	}
	void *map = mmap(NULL, f->size, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd, 0);
	if (map == MAP_FAILED) {
		qv_status rc = qv_fail(err, QV_EIO, "cannot map %s: %s", path, strerror(errno));
		close(f->fd);
		free(f);
		return rc;
	}
	f->p = map;
	if (!fresh)
		read_last(f->p, last);
	memset(f->p, 0, sizeof *f->p);
	memcpy(f->p->magic, FLIGHT_MAGIC, sizeof f->p->magic);
	f->p->layout = FLIGHT_LAYOUT;
	pthread_mutex_init(&f->lock, NULL);
	*out = f;
	return QV_OK;
}

qv_status qv__flight_peek(const char *db, qv__flight_last *last, qv_err *err)
{
	*last = (qv__flight_last){0};
	char path[1100];
	if (snprintf(path, sizeof path, "%s-flight", db) >= (int)sizeof path)
		return qv_fail(err, QV_EIO, "the database's path is too long for its -flight file");
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT
		           ? QV_OK
		           : qv_fail(err, QV_EIO, "cannot read %s: %s", path, strerror(errno));
	page *p = malloc(sizeof *p);
	ssize_t n = p ? read(fd, p, sizeof *p) : -1;
	close(fd);
	if (n == (ssize_t)sizeof *p)
		read_last(p, last);
	free(p);
	return p ? QV_OK : qv_fail(err, QV_ENOMEM, "out of memory reading %s", path);
}

void qv__flight_close(qv__flight *f)
{
	if (!f)
		return;
	atomic_store(&f->p->requests, 0);
	atomic_store(&f->p->unnamed, 0);
	for (int i = 0; i < QV__FLIGHT_SLOTS; i++)
		atomic_store(&f->p->step[i].busy, 0);
	munmap(f->p, f->size);
	close(f->fd);
	pthread_mutex_destroy(&f->lock);
	free(f);
}

void qv__flight_request(qv__flight *f, int delta)
{
	if (f)
		atomic_fetch_add(&f->p->requests, delta);
}

int qv__flight_step_begin(qv__flight *f, const char *id)
{
	if (!f)
		return -1;
	int k = -1;
	pthread_mutex_lock(&f->lock);
	for (int i = 0; i < QV__FLIGHT_SLOTS && k < 0; i++)
		if (!f->used[i])
			k = i;
	if (k >= 0)
		f->used[k] = true;
	pthread_mutex_unlock(&f->lock);
	if (k < 0) {
		atomic_fetch_add(&f->p->unnamed, 1);
		return -1;
	}
	snprintf(f->p->step[k].id, sizeof f->p->step[k].id, "%s", id);
	atomic_store(&f->p->step[k].busy, 1);
	return k;
}

void qv__flight_step_end(qv__flight *f, int slot)
{
	if (!f)
		return;
	if (slot < 0) {
		atomic_fetch_sub(&f->p->unnamed, 1);
		return;
	}
	atomic_store(&f->p->step[slot].busy, 0);
	pthread_mutex_lock(&f->lock);
	f->used[slot] = false;
	pthread_mutex_unlock(&f->lock);
}
