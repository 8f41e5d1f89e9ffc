/* b.h - the other half of the file cycle of a.c (never built). */
int b(void);
