/*
 * Lines of sudoku text for the reader (sudoku-read.c): read one at a time,
 * trimmed, checked for binary data, with room to push lines back so the
 * reader can look ahead before it decides a format.  Never prints.
 */
#ifndef DLX_SUDOKU_LINES_H
#define DLX_SUDOKU_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sudoku-read.h"

/* One line, without its newline and surrounding blanks, NUL-terminated. */
struct text_line {
	char *text;     /* SUDOKU_LINE_MAX + 1 bytes */
	size_t len;
	size_t lineno;  /* 1-based */
};

/*
 * The most lines held ahead of the current one: the reader looks at up to
 * 16 lines past the first to tell a 16x16 grid from 4x4 puzzle lines, and
 * puts the first back.
 */
#define TEXT_LINES_AHEAD 17u

struct line_source {
	FILE *in;
	struct text_line cur;                      /* the last line read */
	struct text_line ahead[TEXT_LINES_AHEAD];  /* a ring of lines read ahead or put back */
	unsigned head, n_ahead;                    /* ahead[head] comes next */
	size_t lineno;                             /* lines taken from the stream */
	bool at_start, eof;
	/* A read that failed while looking ahead: reported when the lines before it are taken. */
	int pending_rc;
	struct sudoku_read_error pending_err;
};

enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_END, LINE_TEXT };

/* Sets up a source reading @p in (not closed).  False when memory is short. */
bool lines_init(struct line_source *s, FILE *in);

/* Frees the source's buffers (not the stream). */
void lines_free(struct line_source *s);

/*
 * Reads the next line into s->cur: one held ahead first.  A UTF-8 byte
 * order mark before the first line is skipped.  Returns 1, 0 at the end of
 * the input, or DLX_ERR_SYNTAX (binary data outside a comment, a line over
 * SUDOKU_LINE_MAX) / DLX_ERR_IO with *err filled in.
 * Complexity: O(length of the line).
 */
int lines_read(struct line_source *s, struct sudoku_read_error *err);

/*
 * The @p k-th line after the current one (0: the next), read ahead without
 * taking it: *out points into the source, valid until the next call.
 * k < TEXT_LINES_AHEAD - 1.  Returns 1, 0 when the input ends first or a
 * line before it cannot be read (lines_read() reports that error when it
 * reaches the line, so looking ahead never changes what a run reports),
 * or DLX_ERR_NOMEM: the buffers of lines read ahead are allocated on first use.
 */
int lines_peek(struct line_source *s, unsigned k, const struct text_line **out, struct sudoku_read_error *err);

/*
 * Puts the current line back: the next lines_read() returns it again.
 * Returns 0, or DLX_ERR_NOMEM with *err filled in.
 */
int lines_unread(struct line_source *s, struct sudoku_read_error *err);

/* Copies a line into another line's buffer. */
void lines_copy(struct text_line *dst, const struct text_line *src);

/* Whether a byte is a blank within a line: space, tab or CR. */
bool text_is_blank(int ch);

/* What a line is: blank, a '#' comment, the "end" marker or text. */
enum line_kind lines_kind(const struct text_line *l);

/* Fills *err and returns code: the readers' one way to fail. */
int text_fail(struct sudoku_read_error *err, size_t line, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
