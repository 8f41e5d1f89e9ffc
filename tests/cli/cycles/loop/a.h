/* a.h - half of a file cycle, for the self-test of file_cycles.sh (never built). */
int a(void);
