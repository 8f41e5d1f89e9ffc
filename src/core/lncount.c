/*
 * lncount.c - the table of lncount.h, filled once with core's own logarithm (mathfn.h), so
 * that the search chooses alike natively and in WebAssembly, whose C library's log differs from
 * glibc's in the last bit for some counts.
 */
#include <threads.h>

#include "core/lncount.h"
#include "core/mathfn.h"

double qv__ln_table[QV__LN_TABLE];
static once_flag filled = ONCE_FLAG_INIT;

static void fill(void)
{
	for (int n = 1; n < QV__LN_TABLE; n++)
		qv__ln_table[n] = qv__log((double)n);
}

void qv__ln_init(void) { call_once(&filled, fill); }
