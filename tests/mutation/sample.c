/* sample.c - the mutation generator's fixture (scripts/mutation.py, tests/mutation/): a few
 * lines of each kind it mutates, and a comment, a string and a preprocessor line it must leave
 * alone (a < b, x + 1). Never compiled. */
#define LIMIT (a < 3)

static int pick(const int *v, int n, int a, int b)
{
	int total = 0;
	if (a < b && v[0] != 2)
		total += v[a] * 4;
	total = total - n;
	puts("a < b || c");
	return !total;
}
