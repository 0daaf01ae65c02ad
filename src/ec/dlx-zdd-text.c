/*
 * Diagrams of all solutions as text (dlx_ec_zdd_write(), dlx_ec_zdd_read()):
 *
 *   dlx-zdd 1 items P S options O nodes N root R count C fingerprint F
 *   ID OPTION LO HI            (N lines, ID = 2, 3, ..., N + 1)
 *
 * The numbers are decimal but F, 16 hex digits.  The reader trusts none of
 * it: the header must match the problem, each node line its place, and
 * dlx_zdd_from_nodes() checks that every way through the nodes is a
 * distinct solution; the count it finds must be the header's.
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx-ec.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FORMAT_VERSION 1
/* Longer than any line the writer makes: a count of 10^100 digits would not be read back. */
#define LINE_MAX_LEN 4096

int dlx_ec_zdd_write(FILE *out, const dlx_zdd *z, const dlx_problem *p)
{
	if (!out || !z || !p)
		return DLX_ERR_INVALID;
	char *count = dlx_zdd_count(z);
	if (!count)
		return DLX_ERR_NOMEM;
	size_t n = dlx_zdd_size(z);
	fprintf(out, "dlx-zdd %d items %zu %zu options %zu nodes %zu root %zu count %s fingerprint %016" PRIx64 "\n",
		FORMAT_VERSION, dlx_primary_count(p), dlx_secondary_count(p), dlx_option_count(p), n, dlx_zdd_root(z),
		count, dlx_zdd_fingerprint(z));
	free(count);
	for (size_t id = 2; id < n + 2; id++) {
		size_t o, lo, hi;
		dlx_zdd_node(z, id, &o, &lo, &hi);
		if (fprintf(out, "%zu %zu %zu %zu\n", id, o, lo, hi) < 0)
			break;
	}
	return ferror(out) ? DLX_ERR_IO : DLX_OK;
}

struct zreader {
	FILE *in;
	size_t line;
	char buf[LINE_MAX_LEN + 2]; /* a line and its NUL, or one byte more: too long */
	dlx_error_info *err;
};

static int fail(struct zreader *r, int code, const char *fmt, ...)
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
 * The next line into r->buf without its line end (LF, CR LF, or a CR
 * alone, as files moved between systems have them): 1, 0 at the end, or
 * an error code.  Read a byte at a time into a buffer of the longest line,
 * so that a file without line ends is refused at that length, not read
 * into memory whole.
 */
static int next_line(struct zreader *r)
{
	size_t n = 0;
	int ch;
	errno = 0;
	while ((ch = getc_unlocked(r->in)) != EOF && ch != '\n') {
		if (ch == '\r') {
			int next = getc_unlocked(r->in);
			if (next != '\n' && next != EOF)
				ungetc(next, r->in);
			break;
		}
		if (n > LINE_MAX_LEN) {
			r->line++;
			return fail(r, DLX_ERR_SYNTAX, "line longer than %d characters", LINE_MAX_LEN);
		}
		if (ch == '\0') {
			r->line++;
			return fail(r, DLX_ERR_SYNTAX, "a NUL byte in the line");
		}
		r->buf[n++] = (char)ch;
	}
	/* With its cause, as the problem reader says it (a directory: "Is a directory"). */
	if (ch == EOF && ferror(r->in))
		return fail(r, errno == ENOMEM ? DLX_ERR_NOMEM : DLX_ERR_IO, "%s%s", errno == ENOMEM ? "" : "read error: ",
			    strerror(errno));
	if (ch == EOF && n == 0)
		return 0;
	r->line++;
	r->buf[n] = '\0';
	if (n > LINE_MAX_LEN)
		return fail(r, DLX_ERR_SYNTAX, "line longer than %d characters", LINE_MAX_LEN);
	return 1;
}

/* A decimal number without sign or leading zeros (0 itself excepted), at most max; advances *s past it and one space. */
static bool take_num(const char **s, uint64_t max, uint64_t *v)
{
	const char *c = *s;
	uint64_t x = 0;
	if (*c < '0' || *c > '9' || (*c == '0' && c[1] >= '0' && c[1] <= '9'))
		return false;
	for (; *c >= '0' && *c <= '9'; c++) {
		unsigned d = (unsigned)(*c - '0');
		if (x > (max - d) / 10)
			return false;
		x = x * 10 + d;
	}
	if (*c == ' ')
		c++;
	else if (*c)
		return false;
	*s = c;
	*v = x;
	return true;
}

/* The word w and one space. */
static bool take_word(const char **s, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(*s, w, n) || (*s)[n] != ' ')
		return false;
	*s += n + 1;
	return true;
}

int dlx_ec_zdd_read(FILE *in, const dlx_problem *p, dlx_zdd **out, dlx_error_info *err)
{
	struct zreader *r = calloc(1, sizeof *r);
	size_t *opt = NULL, *lo = NULL, *hi = NULL, cap = 0, n = 0;
	char *count = NULL;
	if (out)
		*out = NULL;
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
	if (!in || !p || !out) {
		free(r);
		return DLX_ERR_INVALID;
	}
	if (!r)
		return DLX_ERR_NOMEM;
	r->in = in;
	r->err = err;
	int rc = next_line(r);
	if (rc <= 0) {
		rc = rc ? rc : fail(r, DLX_ERR_SYNTAX, "empty file: no 'dlx-zdd' header");
		goto end;
	}
	const char *s = r->buf;
	uint64_t ver, np, ns, no, nn, root, fp;
	if (!take_word(&s, "dlx-zdd") || !take_num(&s, UINT32_MAX, &ver)) {
		rc = fail(r, DLX_ERR_SYNTAX, "not a diagram: the first line is not 'dlx-zdd VERSION ...'");
		goto end;
	}
	if (ver != FORMAT_VERSION) {
		rc = fail(r, DLX_ERR_SYNTAX, "diagram format version %" PRIu64 ", this program reads %d", ver,
			  FORMAT_VERSION);
		goto end;
	}
	if (!take_word(&s, "items") || !take_num(&s, SIZE_MAX, &np) || !take_num(&s, SIZE_MAX, &ns) ||
	    !take_word(&s, "options") || !take_num(&s, SIZE_MAX, &no) || !take_word(&s, "nodes") ||
	    !take_num(&s, (uint64_t)UINT32_MAX - 4, &nn) || !take_word(&s, "root") ||
	    !take_num(&s, (uint64_t)UINT32_MAX, &root) || !take_word(&s, "count")) {
		rc = fail(r, DLX_ERR_SYNTAX, "bad header: expected 'dlx-zdd 1 items P S options O nodes N root R "
					     "count C fingerprint F'");
		goto end;
	}
	const char *cs = s;
	while (*s >= '0' && *s <= '9')
		s++;
	size_t clen = (size_t)(s - cs);
	if (!clen || (clen > 1 && *cs == '0') || !take_word(&s, "") || !take_word(&s, "fingerprint") ||
	    strlen(s) != 16 || strspn(s, "0123456789abcdef") != 16) {
		rc = fail(r, DLX_ERR_SYNTAX, "bad header: expected 'count C fingerprint F' (F: 16 hex digits)");
		goto end;
	}
	fp = strtoull(s, NULL, 16);
	if (np != dlx_primary_count(p) || ns != dlx_secondary_count(p) || no != dlx_option_count(p) ||
	    fp != dlx_problem_fingerprint(p)) {
		rc = fail(r, DLX_ERR_SYNTAX, "the diagram is of another problem (items %" PRIu64 " %" PRIu64
					     ", options %" PRIu64 ", fingerprint %016" PRIx64 " here %016" PRIx64 ")",
			  np, ns, no, fp, dlx_problem_fingerprint(p));
		goto end;
	}
	count = malloc(clen + 1);
	if (!count) {
		rc = DLX_ERR_NOMEM;
		goto end;
	}
	memcpy(count, cs, clen);
	count[clen] = '\0';
	/* Arrays grow with the lines read, not with the header's claim. */
	while (n < nn) {
		rc = next_line(r);
		if (rc < 0)
			goto end;
		if (rc == 0) {
			rc = fail(r, DLX_ERR_SYNTAX, "the file ends after %zu of its %" PRIu64 " nodes", n, nn);
			if (r->err)
				r->err->line = r->line + 1;
			goto end;
		}
		if (n == cap) {
			size_t c2 = cap ? 2 * cap : 1024;
			size_t *a = realloc(opt, c2 * sizeof *a), *b = a ? realloc(lo, c2 * sizeof *b) : NULL;
			opt = a ? a : opt;
			lo = b ? b : lo;
			size_t *c = b ? realloc(hi, c2 * sizeof *c) : NULL;
			if (!c) {
				rc = DLX_ERR_NOMEM;
				goto end;
			}
			hi = c;
			cap = c2;
		}
		uint64_t id, o, l, h;
		s = r->buf;
		if (!take_num(&s, UINT32_MAX, &id) || !take_num(&s, SIZE_MAX, &o) || !take_num(&s, UINT32_MAX, &l) ||
		    !take_num(&s, UINT32_MAX, &h) || *s || s[-1] == ' ') {
			rc = fail(r, DLX_ERR_SYNTAX, "bad node line: expected 'ID OPTION LO HI'");
			goto end;
		}
		if (id != n + 2) {
			rc = fail(r, DLX_ERR_SYNTAX, "node %" PRIu64 " where node %zu belongs", id, n + 2);
			goto end;
		}
		opt[n] = (size_t)o;
		lo[n] = (size_t)l;
		hi[n] = (size_t)h;
		n++;
	}
	rc = next_line(r);
	if (rc) {
		rc = rc < 0 ? rc : fail(r, DLX_ERR_SYNTAX, "more lines than the header's %" PRIu64 " nodes", nn);
		goto end;
	}
	size_t bad;
	rc = dlx_zdd_from_nodes(p, n, opt, lo, hi, (size_t)root, out, &bad);
	if (rc == DLX_ERR_SYNTAX) {
		r->line = bad < n ? bad + 2 : 1;
		if (bad < n)
			rc = fail(r, DLX_ERR_SYNTAX, "node %zu is not part of a diagram of this problem's solutions",
				  bad + 2);
		else
			rc = fail(r, DLX_ERR_SYNTAX, "the root %" PRIu64 " is not a diagram of this problem's solutions",
				  root);
		goto end;
	}
	if (rc) {
		rc = fail(r, rc, "%s", dlx_strerror(rc));
		goto end;
	}
	char *mine = dlx_zdd_count(*out);
	if (!mine || strcmp(mine, count)) {
		rc = mine ? DLX_ERR_SYNTAX : DLX_ERR_NOMEM;
		r->line = 1;
		if (mine)
			fail(r, rc, "the header says %s solutions, the nodes make %s", count, mine);
		dlx_zdd_free(*out);
		*out = NULL;
	}
	free(mine);
end:
	free(count);
	free(opt);
	free(lo);
	free(hi);
	free(r);
	return rc;
}
