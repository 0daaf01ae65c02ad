/* Lines of sudoku text (see sudoku-lines.h). */
#define _POSIX_C_SOURCE 200809L
#include "sudoku-lines.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

int text_fail(struct sudoku_read_error *err, size_t line, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err->line = line;
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	return code;
}

bool lines_init(struct line_source *s, FILE *in)
{
	memset(s, 0, sizeof *s);
	s->in = in;
	s->at_start = true;
	s->cur.text = malloc(SUDOKU_LINE_MAX + 1);
	return s->cur.text != NULL;
}

void lines_free(struct line_source *s)
{
	free(s->cur.text);
	for (unsigned k = 0; k < TEXT_LINES_AHEAD; k++)
		free(s->ahead[k].text);
}

void lines_copy(struct text_line *dst, const struct text_line *src)
{
	memcpy(dst->text, src->text, src->len + 1);
	dst->len = src->len;
	dst->lineno = src->lineno;
}

/* The ring slot k places after the head, its buffer allocated. */
static struct text_line *slot(struct line_source *s, unsigned k, struct sudoku_read_error *err)
{
	struct text_line *l = &s->ahead[(s->head + k) % TEXT_LINES_AHEAD];
	if (!l->text && !(l->text = malloc(SUDOKU_LINE_MAX + 1))) {
		text_fail(err, s->lineno, DLX_ERR_NOMEM, "out of memory");
		return NULL;
	}
	return l;
}

int lines_unread(struct line_source *s, struct sudoku_read_error *err)
{
	s->head = (s->head + TEXT_LINES_AHEAD - 1) % TEXT_LINES_AHEAD;
	struct text_line *l = slot(s, 0, err);
	if (!l) {
		s->head = (s->head + 1) % TEXT_LINES_AHEAD;
		return DLX_ERR_NOMEM;
	}
	lines_copy(l, &s->cur);
	s->n_ahead++;
	return 0;
}

bool text_is_blank(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Skips a UTF-8 byte order mark, as some editors write it. */
static int skip_bom(struct line_source *s, struct sudoku_read_error *err)
{
	int ch = getc_unlocked(s->in);
	if (ch == 0xEF) {
		int b2 = getc_unlocked(s->in), b3 = getc_unlocked(s->in);
		if (b2 != 0xBB || b3 != 0xBF)
			return text_fail(err, 1, DLX_ERR_SYNTAX, "binary data (byte 0xEF)");
	} else if (ch != EOF) {
		ungetc(ch, s->in);
	}
	return 0;
}

/* Reads a line from the stream into *l. */
static int read_stream(struct line_source *s, struct text_line *l, struct sudoku_read_error *err)
{
	if (s->eof)
		return 0;
	if (s->at_start) {
		s->at_start = false;
		int rc = skip_bom(s, err);
		if (rc)
			return rc;
	}
	FILE *in = s->in;
	char *t = l->text;
	size_t n = 0;
	int ch;
	errno = 0;
	s->lineno++;
	int first = 0; /* the line's first non-blank byte */
	bool note = false; /* past a '#' after a blank: a note after a puzzle */
	while ((ch = getc_unlocked(in)) != EOF && ch != '\n') {
		/* CR LF ends a line, and so does a CR alone (classic Mac OS text), not a blank within it. */
		if (ch == '\r') {
			int next = getc_unlocked(in);
			if (next != '\n' && next != EOF)
				ungetc(next, in);
			break;
		}
		if (!first && !text_is_blank(ch))
			first = ch;
		/*
		 * Comments may hold any text, e.g. an author's name in UTF-8, as in
		 * dlx's format; so may a note after a puzzle (printable bytes there).
		 */
		note |= ch == '#' && (n == 0 || text_is_blank((unsigned char)t[n - 1]));
		if (((ch < 0x20 && ch != '\t' && ch != '\r') || ch >= 0x7F) && first != '#' && !(note && ch >= 0x80))
			return text_fail(err, s->lineno, DLX_ERR_SYNTAX, "binary data (byte 0x%02X)", (unsigned)ch);
		if (n == SUDOKU_LINE_MAX)
			return text_fail(err, s->lineno, DLX_ERR_SYNTAX, "line too long (more than %u characters)",
				SUDOKU_LINE_MAX);
		t[n++] = (char)ch;
	}
	if (ch == EOF) {
		if (ferror(in))
			return text_fail(err, 0, DLX_ERR_IO, "read error: %s", strerror(errno));
		s->eof = true;
		if (n == 0) {
			s->lineno--;
			return 0;
		}
	}
	size_t a = 0;
	while (a < n && text_is_blank((unsigned char)t[a]))
		a++;
	while (n > a && text_is_blank((unsigned char)t[n - 1]))
		n--;
	if (a)
		memmove(t, t + a, n - a);
	t[n - a] = '\0';
	l->len = n - a;
	l->lineno = s->lineno;
	return 1;
}

int lines_read(struct line_source *s, struct sudoku_read_error *err)
{
	if (s->n_ahead == 0 && s->pending_rc) {
		*err = s->pending_err;
		return s->pending_rc;
	}
	if (s->n_ahead == 0)
		return read_stream(s, &s->cur, err);
	/* Swap buffers rather than copy: the slot's old text is not needed again. */
	struct text_line *l = &s->ahead[s->head], t = s->cur;
	s->cur = *l;
	*l = t;
	s->head = (s->head + 1) % TEXT_LINES_AHEAD;
	s->n_ahead--;
	return 1;
}

int lines_peek(struct line_source *s, unsigned k, const struct text_line **out, struct sudoku_read_error *err)
{
	while (s->n_ahead <= k) {
		if (s->pending_rc)
			return 0;
		struct text_line *l = slot(s, s->n_ahead, err);
		if (!l)
			return DLX_ERR_NOMEM;
		int rc = read_stream(s, l, &s->pending_err);
		if (rc <= 0) {
			s->pending_rc = rc;
			return 0;
		}
		s->n_ahead++;
	}
	*out = &s->ahead[(s->head + k) % TEXT_LINES_AHEAD];
	return 1;
}

enum line_kind lines_kind(const struct text_line *l)
{
	if (l->len == 0)
		return LINE_BLANK;
	if (l->text[0] == '#')
		return LINE_COMMENT;
	if (l->len == 3 && memcmp(l->text, "end", 3) == 0)
		return LINE_END;
	return LINE_TEXT;
}
