/* A fixture of size_rule.sh's own test: one function of 7 lines (over 5), two of one line. */
static int seven(int a)
{
	int b = a + 1;
	b *= 2;
	b -= 3;
	return b;
}

static int three(int a) { return a; }

int both(int a) { return seven(a) + three(a); }
