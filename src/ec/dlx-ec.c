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

/* Names and their numbers: item names, and color names (numbered from 1). */
struct names {
	char *text;          /* every name, NUL-terminated, back to back */
	size_t used, cap;
	size_t *off;         /* number -> offset in text */
	size_t n, cap_off;
	size_t *hash;        /* number+1, or 0 for an empty slot */
	size_t hash_mask;
};

struct dlx_ec {
	dlx_problem *problem;
	struct names items;
	struct names colors; /* color k is colors' entry k - 1 */
	size_t *option_line; /* option -> input line */
	size_t cap_lines;
	size_t dropped;      /* options without a primary item, left out as Knuth's DLX2 does */
	uint32_t *lo, *hi;   /* the primary items' bounds while reading (Knuth's DLX3), or NULL if none */
	size_t cap_bounds;
	size_t first_dropped; /* the line of the first of them, 0 if none */
};

/*
 * The state of one read: the input, read in blocks into data[0..end) (the
 * lines before beg already handed out), the current line, and where errors
 * go.  A block read and a search for its line ends cost less than a call
 * to getline() per line, and the reader reads to the end anyway.
 */
struct reader {
	FILE *in;
	char *data;
	size_t cap, beg, end;
	bool eof;
	size_t cr;           /* the first CR in data[beg..end), or end when there is none */
	char *buf;           /* the current line, NUL-terminated, within data */
	size_t line;
	dlx_error_info *err;
	bool options;        /* past the item line: an indented '|' starts a comment too */
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

/* Moves r->cr to the first CR at or after r->beg, or to r->end when there is none. */
static void find_cr(struct reader *r)
{
	char *cr = r->end > r->beg ? memchr(r->data + r->beg, '\r', r->end - r->beg) : NULL;
	r->cr = cr ? (size_t)(cr - r->data) : r->end;
}

/*
 * The next line of the input into r->buf, without its '\n' and
 * NUL-terminated: its length, or -1 at the end (*rc DLX_OK) or on an error
 * (*rc its code).  A CR with no LF after it ends a line too (classic Mac OS
 * text, which dlx-sudoku reads too); CR LF is one line end, its CR left
 * for next_line() to drop.  r->cr, the first CR not yet passed, is found
 * once per CR (not once per line), and the search for a line's LF stops
 * there: each byte is scanned a bounded number of times.
 */
static long raw_line(struct reader *r, int *rc)
{
	for (;;) {
		/* No arithmetic on r->data before the first block: NULL + 0 is undefined in C. */
		char *at = r->data ? r->data + r->beg : NULL;
		size_t before_cr = (r->cr < r->end ? r->cr : r->end) - r->beg;
		char *nl = before_cr ? memchr(at, '\n', before_cr) : NULL;
		size_t n = 0;
		bool found = nl != NULL;
		if (nl) {
			n = (size_t)(nl - at);
		} else if (r->cr < r->end && (r->cr + 1 < r->end || r->eof)) {
			found = true;
			n = r->cr - r->beg;
			if (r->cr + 1 < r->end && r->data[r->cr + 1] == '\n')
				n++; /* CR LF: the line ends at the LF */
		}
		if (found || (r->eof && r->end > r->beg)) {
			if (!found)
				n = r->end - r->beg;
			at[n] = '\0';
			r->buf = at;
			r->beg += found ? n + 1 : n;
			if (r->beg > r->cr)
				find_cr(r);
			return (long)n;
		}
		if (r->eof)
			return -1;
		/* Keep the start of a line, and room for a NUL after the end of the input. */
		if (r->beg) {
			memmove(r->data, r->data + r->beg, r->end - r->beg);
			r->end -= r->beg;
			r->cr -= r->beg;
			r->beg = 0;
		}
		if (r->cap - r->end < 2) {
			size_t nc = r->cap ? 2 * r->cap : 65536;
			char *nd = nc > r->cap ? realloc(r->data, nc) : NULL;
			if (!nd) {
				*rc = fail(r, DLX_ERR_NOMEM, "out of memory");
				return -1;
			}
			r->data = nd;
			r->cap = nc;
		}
		errno = 0;
		size_t old_end = r->end;
		size_t got = fread(r->data + r->end, 1, r->cap - r->end - 1, r->in);
		r->end += got;
		/* No CR was known before the block: look for one in it. */
		if (r->cr == old_end) {
			char *cr = got ? memchr(r->data + old_end, '\r', got) : NULL;
			r->cr = cr ? (size_t)(cr - r->data) : r->end;
		}
		/*
		 * A NUL in the line being gathered ends the reading now: next_line()
		 * would say so only once the line ended, and a binary file without a
		 * newline (/dev/zero) was read whole into memory first.  Only a
		 * line longer than the blocks read so far, and only the new block's
		 * bytes up to its first line end (none when the old bytes ended in
		 * a CR, which ends the line): a short line's bytes are judged by
		 * next_line(), the first bad one named.
		 */
		if (got && old_end > r->beg && r->cr >= old_end) {
			size_t upto = (r->cr < r->end ? r->cr : r->end) - old_end;
			char *nl = memchr(r->data + old_end, '\n', upto);
			if (nl)
				upto = (size_t)(nl - (r->data + old_end));
			if (memchr(r->data + old_end, '\0', upto)) {
				r->line++;
				*rc = fail(r, DLX_ERR_SYNTAX, "NUL byte in input (binary file?)");
				return -1;
			}
		}
		if (got == 0) {
			if (ferror(r->in)) {
				*rc = fail(r, errno == ENOMEM ? DLX_ERR_NOMEM : DLX_ERR_IO, "%s%s",
					   errno == ENOMEM ? "" : "read error: ", strerror(errno));
				return -1;
			}
			r->eof = true;
		}
	}
}

static long next_line(struct reader *r, int *rc)
{
	*rc = DLX_OK;
	for (;;) {
		long n = raw_line(r, rc);
		if (n < 0)
			return -1;
		r->line++;
		/* A UTF-8 byte order mark, as some editors write it (dlx-sudoku skips it too). */
		if (r->line == 1 && n >= 3 && memcmp(r->buf, "\xEF\xBB\xBF", 3) == 0) {
			n -= 3;
			r->buf += 3;
		}
		if (n > 0 && r->buf[n - 1] == '\r')
			n--;
		r->buf[n] = '\0';
		if (n > 0 && r->buf[0] == '|')
			continue;
		/*
		 * Knuth's programs skip the blanks that start a line, then take a '|'
		 * for a comment: so do the option lines here (' | note' was an
		 * error, ' |5 a b' an option of cost 5).  The item line keeps its
		 * own rule: ' | x y' declares secondary items only (read_items()).
		 */
		if (r->options && r->buf[strspn(r->buf, " \t")] == '|')
			continue;
		bool blank = true;
		for (long k = 0; k < n; k++) {
			unsigned char c = (unsigned char)r->buf[k];
			/* Printable and not blank, by far the most bytes: one test. */
			if ((unsigned char)(c - 0x21) <= 0x7e - 0x21) {
				blank = false;
				continue;
			}
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

static uint64_t hash_name(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603u; /* FNV-1a */
	for (size_t k = 0; k < n; k++)
		h = (h ^ (unsigned char)s[k]) * 1099511628211u;
	return h;
}

/* The number of the name s[0..n), or (size_t)-1; *slot gets the free slot where it would go. */
static size_t lookup(const struct names *t, const char *s, size_t n, size_t *slot)
{
	if (!t->hash) {
		if (slot)
			*slot = 0;
		return (size_t)-1;
	}
	size_t h = (size_t)hash_name(s, n) & t->hash_mask;
	for (;; h = (h + 1) & t->hash_mask) {
		size_t v = t->hash[h];
		if (v == 0) {
			if (slot)
				*slot = h;
			return (size_t)-1;
		}
		/* Names are short: a loop here costs less than a call to strncmp. */
		const char *name = t->text + t->off[v - 1];
		size_t k = 0;
		while (k < n && name[k] == s[k])
			k++;
		if (k == n && name[n] == '\0')
			return v - 1;
	}
}

static void names_free(struct names *t)
{
	free(t->text);
	free(t->off);
	free(t->hash);
}

/*
 * Adds a name not yet in the table and returns its number, or (size_t)-1
 * when memory is short.  The hash table stays at most half full.
 */
static size_t names_add(struct names *t, const char *s, size_t n)
{
	if (2 * (t->n + 1) > t->hash_mask + 1 || !t->hash) {
		size_t slots = t->hash ? 2 * (t->hash_mask + 1) : 16;
		while (slots < 2 * (t->n + 1))
			slots *= 2;
		size_t *nh = calloc(slots, sizeof *nh);
		if (!nh)
			return (size_t)-1;
		for (size_t k = 0; t->hash && k <= t->hash_mask; k++) {
			size_t v = t->hash[k];
			if (!v)
				continue;
			const char *name = t->text + t->off[v - 1];
			size_t h = (size_t)hash_name(name, strlen(name)) & (slots - 1);
			while (nh[h])
				h = (h + 1) & (slots - 1);
			nh[h] = v;
		}
		free(t->hash);
		t->hash = nh;
		t->hash_mask = slots - 1;
	}
	if (t->used + n + 1 > t->cap) {
		size_t nc = t->cap ? 2 * t->cap : 256;
		while (nc < t->used + n + 1)
			nc *= 2;
		char *ntext = realloc(t->text, nc);
		if (!ntext)
			return (size_t)-1;
		t->text = ntext;
		t->cap = nc;
	}
	if (t->n == t->cap_off) {
		size_t nc = t->cap_off ? 2 * t->cap_off : 16;
		size_t *no = realloc(t->off, nc * sizeof *no);
		if (!no)
			return (size_t)-1;
		t->off = no;
		t->cap_off = nc;
	}
	size_t slot = 0; /* set by lookup() of a name not there; gcc 12 cannot see it */
	lookup(t, s, n, &slot);
	memcpy(t->text + t->used, s, n);
	t->text[t->used + n] = '\0';
	t->off[t->n] = t->used;
	t->used += n + 1;
	t->hash[slot] = ++t->n;
	return t->n - 1;
}

static const char *show(const char *s, size_t n, char *tmp, size_t cap)
{
	snprintf(tmp, cap, "%.*s%s", (int)(n > 40 ? 40 : n), s, n > 40 ? "..." : "");
	return tmp;
}

static int check_name(struct reader *r, const char *what, const char *s, size_t n)
{
	char tmp[48];
	if (n == 0)
		return fail(r, DLX_ERR_SYNTAX, "empty %s name", what);
	if (n > DLX_EC_NAME_MAX)
		return fail(r, DLX_ERR_SYNTAX, "%s name longer than %d characters: '%s'", what, DLX_EC_NAME_MAX,
			    show(s, n, tmp, sizeof tmp));
	if (memchr(s, ':', n))
		return fail(r, DLX_ERR_SYNTAX, "':' in the %s name '%s'", what, show(s, n, tmp, sizeof tmp));
	return DLX_OK;
}

/* Splits off the next run of characters other than blanks at *s. Returns its length, 0 at the end. */
static size_t next_word(char **s, char **tok)
{
	char *p = *s;
	while (*p == ' ' || *p == '\t')
		p++;
	*tok = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	*s = p;
	return (size_t)(p - *tok);
}

/*
 * A decimal number of s[0..n) into *v; false unless it is digits (leading
 * zeros aside, at most 11) and at most max.
 */
static bool parse_count(const char *s, size_t n, uint64_t max, uint64_t *v)
{
	/* Leading zeros do not make a number larger: |000000000001 costs 1, not "above" the maximum. */
	while (n > 1 && *s == '0') {
		s++;
		n--;
	}
	if (n == 0 || n > 11)
		return false;
	uint64_t x = 0;
	for (size_t k = 0; k < n; k++) {
		if (s[k] < '0' || s[k] > '9')
			return false;
		x = 10 * x + (uint64_t)(s[k] - '0');
	}
	if (x > max)
		return false;
	*v = x;
	return true;
}

/* Whether s[0..n) has only digits and colons: the bounds before a '|' rather than a name. */
static bool bound_like(const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if ((s[k] < '0' || s[k] > '9') && s[k] != ':')
			return false;
	return n > 0;
}

/* Knuth's DLX3 bounds "u:v" or "v" (u = v) before an item's name. */
static int parse_bounds(struct reader *r, const char *s, size_t n, const char *name, size_t name_len, uint32_t *lo,
			uint32_t *hi)
{
	char tmp[48];
	const char *colon = memchr(s, ':', n);
	uint64_t u, v;
	size_t vlen = colon ? n - (size_t)(colon - s) - 1 : n;
	const char *vs = colon ? colon + 1 : s;
	if (colon && memchr(colon + 1, ':', vlen))
		return fail(r, DLX_ERR_SYNTAX, "bounds '%.*s' of item '%s' are not u:v or v", (int)n, s,
			    show(name, name_len, tmp, sizeof tmp));
	if (!parse_count(vs, vlen, DLX_BOUND_MAX, &v) || (colon && !parse_count(s, (size_t)(colon - s), DLX_BOUND_MAX, &u)))
		return fail(r, DLX_ERR_SYNTAX, "bounds '%.*s' of item '%s' are not u:v or v with numbers up to %u", (int)n,
			    s, show(name, name_len, tmp, sizeof tmp), DLX_BOUND_MAX);
	if (!colon)
		u = v;
	if (v == 0)
		return fail(r, DLX_ERR_SYNTAX, "upper bound 0 of item '%s' (it must be at least 1)",
			    show(name, name_len, tmp, sizeof tmp));
	if (u > v)
		return fail(r, DLX_ERR_SYNTAX, "lower bound %llu of item '%s' exceeds its upper bound %llu",
			    (unsigned long long)u, show(name, name_len, tmp, sizeof tmp), (unsigned long long)v);
	*lo = (uint32_t)u;
	*hi = (uint32_t)v;
	return DLX_OK;
}

static int read_items(struct reader *r, dlx_ec *ec, size_t *n_primary, bool strict)
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

	char *s = r->buf, *tok;
	size_t n;
	bool secondary = false;
	*n_primary = 0;
	while ((n = next_word(&s, &tok)) > 0) {
		if (*tok == '|') {
			if (secondary)
				return fail(r, DLX_ERR_SYNTAX, "a second '|' in the item line");
			secondary = true;
			*n_primary = ec->items.n;
			s = tok + 1; /* "|name": the rest is the first secondary item */
			continue;
		}
		/* "u:v|name" or "v|name": bounds; another '|' within a word ends the primary items */
		uint32_t lo = 1, hi = 1;
		char *bar = memchr(tok, '|', n);
		bool bounded = false;
		if (bar && bound_like(tok, (size_t)(bar - tok))) {
			char *name = bar + 1;
			size_t name_len = n - (size_t)(name - tok);
			char *bar2 = memchr(name, '|', name_len);
			if (bar2)
				name_len = (size_t)(bar2 - name), s = bar2;
			if ((rc = check_name(r, "item", name, name_len)))
				return rc;
			if (secondary) {
				char tmp[48];
				return fail(r, DLX_ERR_SYNTAX, "bounds on the secondary item '%s' (only primary items have them)",
					    show(name, name_len, tmp, sizeof tmp));
			}
			if ((rc = parse_bounds(r, tok, (size_t)(bar - tok), name, name_len, &lo, &hi)))
				return rc;
			bounded = lo != 1 || hi != 1;
			tok = name;
			n = name_len;
		} else if (bar) {
			n = (size_t)(bar - tok);
			s = bar;
		}
		if ((rc = check_name(r, "item", tok, n)))
			return rc;
		char tmp[48];
		if (lookup(&ec->items, tok, n, NULL) != (size_t)-1)
			return fail(r, DLX_ERR_SYNTAX, "duplicate item name '%s'", show(tok, n, tmp, sizeof tmp));
		size_t id = names_add(&ec->items, tok, n);
		if (id == (size_t)-1)
			return fail(r, DLX_ERR_NOMEM, "out of memory");
		if (bounded || ec->lo) {
			if (id >= ec->cap_bounds) {
				size_t nc = ec->cap_bounds ? 2 * ec->cap_bounds : 64;
				while (nc <= id)
					nc *= 2;
				uint32_t *nl = realloc(ec->lo, nc * sizeof *nl);
				if (nl)
					ec->lo = nl;
				uint32_t *nh = nl ? realloc(ec->hi, nc * sizeof *nh) : NULL;
				if (!nh)
					return fail(r, DLX_ERR_NOMEM, "out of memory");
				ec->hi = nh;
				for (size_t k = ec->cap_bounds; k < nc; k++)
					ec->lo[k] = ec->hi[k] = 1;
				ec->cap_bounds = nc;
			}
			ec->lo[id] = lo;
			ec->hi[id] = hi;
		}
	}
	if (!secondary)
		*n_primary = ec->items.n;
	if (*n_primary == 0 && strict)
		return fail(r, DLX_ERR_SYNTAX, "no primary items before '|'");
	return DLX_OK;
}

/* Room for k + 1 items and colors in an option. */
static int reserve(struct reader *r, size_t **items, uint32_t **colors, size_t *cap, size_t k)
{
	if (k < *cap)
		return DLX_OK;
	size_t nc = *cap ? 2 * *cap : 16;
	size_t *ni = realloc(*items, nc * sizeof *ni);
	if (!ni)
		return fail(r, DLX_ERR_NOMEM, "out of memory");
	*items = ni;
	uint32_t *ncol = realloc(*colors, nc * sizeof *ncol);
	if (!ncol)
		return fail(r, DLX_ERR_NOMEM, "out of memory");
	*colors = ncol;
	*cap = nc;
	return DLX_OK;
}

/* The bytes that end a token of an option: the end of the line, a blank, '|'. */
static const bool token_end[256] = { [0] = true, [' '] = true, ['\t'] = true, ['|'] = true };

/*
 * Reads one option line into items/colors; returns its length k, 0 for an
 * option without a primary item when not strict (checked like any other,
 * then left out), or -1 with *rc set.
 */
/*
 * seen[item] == stamp: the item is in this option already (a stamp per
 * option, so that the check is O(1) per item: comparing with the items
 * before made an option of k items O(k^2) to read, 16 s at 10^5).
 */
static long read_option(struct reader *r, dlx_ec *ec, size_t n_primary, bool strict, size_t **items,
			uint32_t **colors, size_t *cap, uint64_t *cost, uint32_t *seen, uint32_t stamp, int *rc)
{
	char *s = r->buf;
	size_t k = 0;
	bool has_primary = false;
	char tmp[48];
	*cost = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		if (*s == '|') {
			s++;
			/* Knuth's DLX5: "|n" gives the option a cost; several add up. */
			size_t d = 0;
			while (s[d] >= '0' && s[d] <= '9')
				d++;
			uint64_t c;
			if (d == 0) {
				*rc = fail(r, DLX_ERR_SYNTAX, "'|' without a number (an option's cost is written |n)");
				return -1;
			}
			if (s[d] && s[d] != ' ' && s[d] != '\t' && s[d] != '|') {
				*rc = fail(r, DLX_ERR_SYNTAX, "a cost '|%.*s' followed by '%c' (costs are |n, n a decimal number)",
					   (int)(d > 20 ? 20 : d), s, s[d]);
				return -1;
			}
			if (!parse_count(s, d, DLX_COST_MAX, &c) || *cost + c > DLX_COST_MAX) {
				*rc = fail(r, DLX_ERR_SYNTAX, "cost of the option above %llu", (unsigned long long)DLX_COST_MAX);
				return -1;
			}
			*cost += c;
			s += d;
			continue;
		}
		/* "item:color": the item, then its color in this option (a token ends at a blank, '|' or the end). */
		const char *tok = s, *colon = NULL;
		for (; !token_end[(unsigned char)*s]; s++)
			if (*s == ':' && !colon)
				colon = s;
		size_t n = (size_t)(s - tok);
		size_t name_len = colon ? (size_t)(colon - tok) : n;
		/* check_name()'s ':' cannot be there: the name stops at the first. */
		if ((name_len == 0 || name_len > DLX_EC_NAME_MAX) && (*rc = check_name(r, "item", tok, name_len)))
			return -1;
		size_t item = lookup(&ec->items, tok, name_len, NULL);
		if (item == (size_t)-1) {
			*rc = fail(r, DLX_ERR_SYNTAX, "unknown item '%s'", show(tok, name_len, tmp, sizeof tmp));
			return -1;
		}
		uint32_t color = 0;
		if (colon) {
			const char *cname = colon + 1;
			size_t clen = n - name_len - 1;
			if (item < n_primary) {
				*rc = fail(r, DLX_ERR_SYNTAX, "primary item '%s' cannot have a color",
					   show(tok, name_len, tmp, sizeof tmp));
				return -1;
			}
			if ((*rc = check_name(r, "color", cname, clen)))
				return -1;
			size_t c = lookup(&ec->colors, cname, clen, NULL);
			if (c == (size_t)-1) {
				c = names_add(&ec->colors, cname, clen);
				if (c == (size_t)-1) {
					*rc = fail(r, DLX_ERR_NOMEM, "out of memory");
					return -1;
				}
			}
			color = (uint32_t)c + 1;
		}
		if (seen[item] == stamp) {
			*rc = fail(r, DLX_ERR_SYNTAX, "item '%s' appears twice in this option",
				   show(tok, name_len, tmp, sizeof tmp));
			return -1;
		}
		seen[item] = stamp;
		if ((*rc = reserve(r, items, colors, cap, k)))
			return -1;
		(*items)[k] = item;
		(*colors)[k] = color;
		k++;
		has_primary |= item < n_primary;
	}
	if (!has_primary) {
		if (!strict)
			return 0;
		*rc = fail(r, DLX_ERR_SYNTAX, "option has no primary item, so it could never be chosen");
		return -1;
	}
	return (long)k;
}

int dlx_ec_read(FILE *in, dlx_ec **out, dlx_error_info *err)
{
	return dlx_ec_read_flags(in, 0, out, err);
}

int dlx_ec_read_flags(FILE *in, unsigned flags, dlx_ec **out, dlx_error_info *err)
{
	const bool strict = flags & DLX_EC_STRICT;
	struct reader r = { in, NULL, 0, 0, 0, false, 0, NULL, 0, err, false };
	size_t *items = NULL, cap_items = 0;
	uint32_t *colors = NULL, *seen = NULL, stamp = 0;
	int rc;
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
	if (out)
		*out = NULL;
	if (!out || !in || (flags & ~(unsigned)DLX_EC_STRICT))
		return DLX_ERR_INVALID;
	dlx_ec *ec = calloc(1, sizeof *ec);
	if (!ec)
		return fail(&r, DLX_ERR_NOMEM, "out of memory");

	size_t n_primary = 0;
	if ((rc = read_items(&r, ec, &n_primary, strict)))
		goto out;
	ec->problem = dlx_problem_new(n_primary, ec->items.n - n_primary);
	if (!ec->problem) {
		rc = fail(&r, DLX_ERR_NOMEM, "out of memory");
		goto out;
	}
	for (size_t i = 0; ec->lo && i < n_primary && i < ec->cap_bounds; i++) {
		if ((rc = dlx_set_item_bounds(ec->problem, i, ec->lo[i], ec->hi[i]))) {
			rc = fail(&r, rc, "%s", dlx_strerror(rc));
			goto out;
		}
	}

	seen = calloc(ec->items.n ? ec->items.n : 1, sizeof *seen);
	if (!seen) {
		rc = fail(&r, DLX_ERR_NOMEM, "out of memory");
		goto out;
	}
	r.options = true;
	while (next_line(&r, &rc) >= 0) {
		uint64_t cost;
		if (++stamp == 0) { /* after 2^32 - 1 options: the stamps start over */
			memset(seen, 0, ec->items.n * sizeof *seen);
			stamp = 1;
		}
		long k = read_option(&r, ec, n_primary, strict, &items, &colors, &cap_items, &cost, seen, stamp, &rc);
		if (k < 0)
			goto out;
		if (k == 0) {
			if (!ec->dropped++)
				ec->first_dropped = r.line;
			continue;
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
		long id = dlx_add_option_colored(ec->problem, items, ec->colors.n ? colors : NULL, (size_t)k);
		if (id < 0) {
			rc = fail(&r, (int)id, "%s", dlx_strerror((int)id));
			goto out;
		}
		ec->option_line[opt] = r.line;
		if (cost && (rc = dlx_set_option_cost(ec->problem, (size_t)id, cost))) {
			rc = fail(&r, rc, "%s", dlx_strerror(rc));
			goto out;
		}
	}
out:
	free(seen);
	free(items);
	free(colors);
	free(r.data);
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
	names_free(&ec->items);
	names_free(&ec->colors);
	free(ec->option_line);
	free(ec->lo);
	free(ec->hi);
	free(ec);
}

dlx_problem *dlx_ec_problem(dlx_ec *ec) { return ec ? ec->problem : NULL; }

size_t dlx_ec_dropped(const dlx_ec *ec, size_t *first_line)
{
	if (first_line)
		*first_line = ec ? ec->first_dropped : 0;
	return ec ? ec->dropped : 0;
}

const char *dlx_ec_item_name(const dlx_ec *ec, size_t item)
{
	return ec && item < ec->items.n ? ec->items.text + ec->items.off[item] : NULL;
}

const char *dlx_ec_color_name(const dlx_ec *ec, uint32_t color)
{
	return ec && color >= 1 && color <= ec->colors.n ? ec->colors.text + ec->colors.off[color - 1] : NULL;
}

size_t dlx_ec_option_line(const dlx_ec *ec, size_t opt)
{
	return ec && opt < dlx_option_count(ec->problem) ? ec->option_line[opt] : 0;
}
