/*
 * lncount.c - the table of lncount.h, filled once with the C library's logarithms.
 */
#include <threads.h>

#include "core/lncount.h"

double qv__ln_table[QV__LN_TABLE];
static once_flag filled = ONCE_FLAG_INIT; /* C11's: core uses the C library only */

static void fill(void)
{
	for (int n = 1; n < QV__LN_TABLE; n++)
		qv__ln_table[n] = log((double)n);
}

void qv__ln_init(void) { call_once(&filled, fill); }
