/*
 * addr.h - a client's address as every per-address limit counts it: an IPv4 address whole, an
 * IPv6 address by its /64 prefix ("2001:db8:1:2::/64"), the block one household or one server
 * of a hosting provider is given (RFC 6177), of which the host's part is the owner's to choose
 * at will: counted by the /128, one ordinary /64 defeated every limit (the second audit). An
 * IPv4 address reached through an IPv6 socket (::ffff:a.b.c.d) is the IPv4 address. And a
 * table of a count and a time per such address, for the door's connections and the password
 * requests' pace (net.c, pace.c). Internal to the server.
 */
#ifndef QUIVER_SERVER_BASE_ADDR_H
#define QUIVER_SERVER_BASE_ADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

/* Bytes of an address's text with its NUL ("ffff:ffff:ffff:ffff::/64" and IPv4 fit). */
#define QV__ADDR_TEXT 48

/* The address sa as counted, into out ("?" when sa is NULL or of another family). */
void qv__addr_text(const struct sockaddr *sa, char *out, size_t len);

/* The network of an address as counted (qv__addr_text's text): an IPv4 address's /24
 * ("192.0.2.0/24"), an IPv6 /64's /48 ("2001:db8:1::/48"), the blocks one provider's customer
 * or one hosting network most often holds whole; the text itself when it is neither. A limit
 * on what the addresses of one network hold together bounds one who has many of them (the
 * table slots: state/room.c). */
void qv__addr_network(const char *addr, char *out, size_t len);

/* A count and a time per address (a table the caller owns, used by one thread). An address is
 * kept while its count is above 0 or its time is set (above 0). */
typedef struct qv__addr_counts qv__addr_counts;
qv__addr_counts *qv__addr_counts_new(void);
void qv__addr_counts_free(qv__addr_counts *t);
/* The count of addr. */
int qv__addr_count(const qv__addr_counts *t, const char *addr);
/* Adds one to addr's count (false when out of memory: nothing counted), or takes one away. */
bool qv__addr_counts_add(qv__addr_counts *t, const char *addr);
void qv__addr_counts_remove(qv__addr_counts *t, const char *addr);
/* The time of addr (0 when none), and a new one (false when out of memory: nothing kept). */
double qv__addr_time(const qv__addr_counts *t, const char *addr);
bool qv__addr_set_time(qv__addr_counts *t, const char *addr, double at);
/* Forgets the times at or before `now`, and the addresses then left with neither. */
void qv__addr_forget_times(qv__addr_counts *t, double now);

#endif
