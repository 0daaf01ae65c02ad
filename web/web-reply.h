/*
 * What the page's calls (dlx-web.h) answer: the standard output and the
 * standard error the programs would have written, their exit status, and
 * a few fields of JSON for the page (the board to draw, the nodes), put
 * together as one JSON object.  Never prints.
 */
#ifndef DLX_WEB_REPLY_H
#define DLX_WEB_REPLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growing string; a failed allocation leaves it short and sets nomem. */
struct web_text {
	char *s;
	size_t len, cap;
	bool nomem;
};

struct web_reply {
	struct web_text out;    /* what the program prints on standard output */
	struct web_text err;    /* on standard error */
	struct web_text fields; /* more members of the object, each starting with ',' */
	int status;             /* the program's exit status */
};

void web_append(struct web_text *t, const char *s, size_t n);
void web_printf(struct web_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends s as a JSON string, quotes included. */
void web_append_json_string(struct web_text *t, const char *s, size_t n);

/* Appends ,"name":[v0,v1,...] for n bytes, or ,"name":null when v is NULL. */
void web_field_bytes(struct web_reply *r, const char *name, const uint8_t *v, size_t n);

/*
 * A request's number, as the programs parse their option (option names it
 * in the message, prog is "dlx" or "dlx-sudoku"): "" is 0 (none); else
 * decimal digits only, from 0 (1 when positive) to 2^64-1.  False after
 * the programs' message, status 2.
 */
bool web_parse_u64(struct web_reply *r, const char *prog, const char *option, const char *arg, bool positive,
	uint64_t *out);

/*
 * The reply as {"status":S,"out":"...","err":"..."<fields>}, NUL-ended, for
 * the caller to free with dlxweb_free(); frees the parts.  When memory ran
 * short anywhere, the object says so with status 3, as the programs would;
 * NULL only when even that cannot be allocated.
 */
char *web_reply_finish(struct web_reply *r);

#endif
