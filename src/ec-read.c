/*
 * Reader for Knuth's exact-cover text format (see dlx-ec.h for the format).
 * Item names map to item numbers through an open-addressing hash table, so
 * reading is linear in the input.
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx-ec.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct dlx_ec {
	dlx_problem *problem;
	char *names;         /* every name, NUL-terminated, back to back */
	size_t *name_off;    /* item -> offset in names */
	size_t n_items;
	size_t *option_line; /* option -> input line */
	size_t cap_lines;
	size_t *hash;        /* item+1, or 0 for an empty slot */
	size_t hash_mask;
};

/* The state of one read: the line buffer and where errors go. */
struct reader {
	FILE *in;
	char *buf;
	size_t cap;
	size_t line;
	dlx_ec_error *err;
};

static int fail(struct reader *r, int code, const char *fmt, ...)
{
	if (r->err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
		va_end(ap);
		r->err->line = code == DLX_ERR_SYNTAX ? r->line : 0;
	}
	return code;
}

/*
 * Reads the next line that is neither blank nor a comment, strips its line
 * end and checks its bytes.  Returns its length, or -1 at the end or on an
 * error: then the result is -1 and *rc is the code (DLX_OK at a clean end).
 */
static long next_line(struct reader *r, int *rc)
{
	*rc = DLX_OK;
	for (;;) {
		errno = 0;
		ssize_t n = getline(&r->buf, &r->cap, r->in);
		if (n < 0) {
			if (ferror(r->in))
				*rc = fail(r, errno == ENOMEM ? DLX_ERR_NOMEM : DLX_ERR_IO, "%s%s",
					   errno == ENOMEM ? "" : "read error: ", strerror(errno));
			return -1;
		}
		r->line++;
		if (n > 0 && r->buf[n - 1] == '\n')
			n--;
		if (n > 0 && r->buf[n - 1] == '\r')
			n--;
		r->buf[n] = '\0';
		if (n > 0 && r->buf[0] == '|')
			continue;
		bool blank = true;
		for (ssize_t k = 0; k < n; k++) {
			unsigned char c = (unsigned char)r->buf[k];
			if (c == '\0') {
				*rc = fail(r, DLX_ERR_SYNTAX, "NUL byte in input (binary file?)");
				return -1;
			}
			if (c != ' ' && c != '\t' && (c < 0x21 || c > 0x7e)) {
				*rc = fail(r, DLX_ERR_SYNTAX, "invalid byte 0x%02X (names are printable ASCII)", c);
				return -1;
			}
			if (c != ' ' && c != '\t')
				blank = false;
		}
		if (!blank)
			return (long)n;
	}
}

/* Splits off the next token at *s: a name, or a lone "|". Returns its length, 0 at the end. */
static size_t next_token(char **s, char **tok)
{
	char *p = *s;
	while (*p == ' ' || *p == '\t')
		p++;
	*tok = p;
	if (*p == '|') {
		*s = p + 1;
		return 1;
	}
	while (*p && *p != ' ' && *p != '\t' && *p != '|')
		p++;
	*s = p;
	return (size_t)(p - *tok);
}

static uint64_t hash_name(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603u; /* FNV-1a */
	for (size_t k = 0; k < n; k++)
		h = (h ^ (unsigned char)s[k]) * 1099511628211u;
	return h;
}

/* The item named s[0..n), or (size_t)-1; *slot gets the free slot where it would go. */
static size_t lookup(const dlx_ec *ec, const char *s, size_t n, size_t *slot)
{
	size_t h = (size_t)hash_name(s, n) & ec->hash_mask;
	for (;; h = (h + 1) & ec->hash_mask) {
		size_t v = ec->hash[h];
		if (v == 0) {
			if (slot)
				*slot = h;
			return (size_t)-1;
		}
		const char *name = ec->names + ec->name_off[v - 1];
		if (strncmp(name, s, n) == 0 && name[n] == '\0')
			return v - 1;
	}
}

static const char *show(const char *s, size_t n, char *tmp, size_t cap)
{
	snprintf(tmp, cap, "%.*s%s", (int)(n > 40 ? 40 : n), s, n > 40 ? "..." : "");
	return tmp;
}

static int check_name(struct reader *r, const char *s, size_t n)
{
	char tmp[48];
	if (n > DLX_EC_NAME_MAX)
		return fail(r, DLX_ERR_SYNTAX, "item name longer than %d characters: '%s'", DLX_EC_NAME_MAX,
			    show(s, n, tmp, sizeof tmp));
	if (memchr(s, ':', n))
		return fail(r, DLX_ERR_SYNTAX, "':' in '%s': item colors are not supported",
			    show(s, n, tmp, sizeof tmp));
	return DLX_OK;
}

static int read_items(struct reader *r, dlx_ec *ec, size_t *n_primary)
{
	int rc;
	long len = next_line(r, &rc);
	if (len < 0) {
		if (rc)
			return rc;
		rc = fail(r, DLX_ERR_SYNTAX, "empty input: no item line");
		if (r->err)
			r->err->line = 0; /* about the whole input, not its last line */
		return rc;
	}

	/* Every name takes at least two bytes of the line, which bounds the count. */
	size_t max_items = (size_t)len / 2 + 1;
	size_t slots = 16;
	while (slots < 2 * max_items)
		slots *= 2;
	ec->hash = calloc(slots, sizeof *ec->hash);
	ec->names = malloc((size_t)len + 1);
	ec->name_off = malloc(max_items * sizeof *ec->name_off);
	if (!ec->hash || !ec->names || !ec->name_off)
		return fail(r, DLX_ERR_NOMEM, "out of memory");
	ec->hash_mask = slots - 1;

	char *s = r->buf, *tok;
	size_t n, used = 0;
	bool secondary = false;
	*n_primary = 0;
	while ((n = next_token(&s, &tok)) > 0) {
		if (*tok == '|') {
			if (secondary)
				return fail(r, DLX_ERR_SYNTAX, "a second '|' in the item line");
			secondary = true;
			*n_primary = ec->n_items;
			continue;
		}
		if ((rc = check_name(r, tok, n)))
			return rc;
		size_t slot;
		char tmp[48];
		if (lookup(ec, tok, n, &slot) != (size_t)-1)
			return fail(r, DLX_ERR_SYNTAX, "duplicate item name '%s'", show(tok, n, tmp, sizeof tmp));
		memcpy(ec->names + used, tok, n);
		ec->names[used + n] = '\0';
		ec->name_off[ec->n_items] = used;
		ec->hash[slot] = ++ec->n_items;
		used += n + 1;
	}
	if (!secondary)
		*n_primary = ec->n_items;
	if (*n_primary == 0)
		return fail(r, DLX_ERR_SYNTAX, "no primary items before '|'");
	return DLX_OK;
}

int dlx_ec_read(FILE *in, dlx_ec **out, dlx_ec_error *err)
{
	struct reader r = { in, NULL, 0, 0, err };
	size_t *items = NULL, cap_items = 0;
	int rc;
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
	if (out)
		*out = NULL;
	if (!out || !in)
		return DLX_ERR_INVALID;
	dlx_ec *ec = calloc(1, sizeof *ec);
	if (!ec)
		return fail(&r, DLX_ERR_NOMEM, "out of memory");

	size_t n_primary = 0;
	if ((rc = read_items(&r, ec, &n_primary)))
		goto out;
	ec->problem = dlx_problem_new(n_primary, ec->n_items - n_primary);
	if (!ec->problem) {
		rc = fail(&r, DLX_ERR_NOMEM, "out of memory");
		goto out;
	}

	long len;
	while ((len = next_line(&r, &rc)) >= 0) {
		char *s = r.buf, *tok;
		size_t n, k = 0;
		bool has_primary = false;
		char tmp[48];
		while ((n = next_token(&s, &tok)) > 0) {
			if (*tok == '|') {
				rc = fail(&r, DLX_ERR_SYNTAX, "'|' in an option");
				goto out;
			}
			if ((rc = check_name(&r, tok, n)))
				goto out;
			size_t item = lookup(ec, tok, n, NULL);
			if (item == (size_t)-1) {
				rc = fail(&r, DLX_ERR_SYNTAX, "unknown item '%s'", show(tok, n, tmp, sizeof tmp));
				goto out;
			}
			for (size_t j = 0; j < k; j++) {
				if (items[j] == item) {
					rc = fail(&r, DLX_ERR_SYNTAX, "item '%s' appears twice in this option",
						  show(tok, n, tmp, sizeof tmp));
					goto out;
				}
			}
			if (k == cap_items) {
				size_t nc = cap_items ? 2 * cap_items : 16;
				size_t *ni = realloc(items, nc * sizeof *ni);
				if (!ni) {
					rc = fail(&r, DLX_ERR_NOMEM, "out of memory");
					goto out;
				}
				items = ni;
				cap_items = nc;
			}
			items[k++] = item;
			has_primary |= item < n_primary;
		}
		if (!has_primary) {
			rc = fail(&r, DLX_ERR_SYNTAX, "option has no primary item, so it could never be chosen");
			goto out;
		}
		size_t opt = dlx_option_count(ec->problem);
		if (opt == ec->cap_lines) {
			size_t nc = ec->cap_lines ? 2 * ec->cap_lines : 64;
			size_t *nl = realloc(ec->option_line, nc * sizeof *nl);
			if (!nl) {
				rc = fail(&r, DLX_ERR_NOMEM, "out of memory");
				goto out;
			}
			ec->option_line = nl;
			ec->cap_lines = nc;
		}
		long id = dlx_add_option(ec->problem, items, k);
		if (id < 0) {
			rc = fail(&r, (int)id, "%s", dlx_strerror((int)id));
			goto out;
		}
		ec->option_line[opt] = r.line;
	}
out:
	free(items);
	free(r.buf);
	if (rc) {
		dlx_ec_free(ec);
		return rc;
	}
	*out = ec;
	return DLX_OK;
}

void dlx_ec_free(dlx_ec *ec)
{
	if (!ec)
		return;
	dlx_problem_free(ec->problem);
	free(ec->names);
	free(ec->name_off);
	free(ec->option_line);
	free(ec->hash);
	free(ec);
}

dlx_problem *dlx_ec_problem(dlx_ec *ec) { return ec ? ec->problem : NULL; }

const char *dlx_ec_item_name(const dlx_ec *ec, size_t item)
{
	return ec && item < ec->n_items ? ec->names + ec->name_off[item] : NULL;
}

size_t dlx_ec_option_line(const dlx_ec *ec, size_t opt)
{
	return ec && opt < dlx_option_count(ec->problem) ? ec->option_line[opt] : 0;
}
