/*
 * lncount.c - the table of lncount.h, filled once with the C library's logarithms.
 */
#include <pthread.h>

#include "core/lncount.h"

double qv__ln_table[QV__LN_TABLE];
static pthread_once_t filled = PTHREAD_ONCE_INIT;

static void fill(void)
{
	for (int n = 1; n < QV__LN_TABLE; n++)
		qv__ln_table[n] = log((double)n);
}

void qv__ln_init(void) { pthread_once(&filled, fill); }
