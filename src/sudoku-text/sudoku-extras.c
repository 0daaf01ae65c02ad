/* Parity maps and killer cage files as text (sudoku-extras.h). */
#include "sudoku-extras.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku-lines.h"

/* The next line that is neither blank nor a comment, or 0 at the end (or at "end"). */
static int next_text(struct line_source *src, struct sudoku_read_error *err)
{
	for (;;) {
		int rc = lines_read(src, err);
		if (rc <= 0)
			return rc;
		enum line_kind k = lines_kind(&src->cur);
		if (k == LINE_END)
			return 0;
		if (k == LINE_TEXT)
			return 1;
	}
}

static int parity_of(int ch)
{
	switch (ch) {
	case 'o': case 'O': return DLX_SUDOKU_PARITY_ODD;
	case 'e': case 'E': return DLX_SUDOKU_PARITY_EVEN;
	case '.': case '0': case '-': return DLX_SUDOKU_PARITY_ANY;
	default: return -1;
	}
}

/* The marks of one line (blanks skipped) appended at parity[*n]; at most max. */
static int parity_line(const struct text_line *l, uint8_t *parity, size_t *n, size_t max,
	struct sudoku_read_error *err)
{
	for (size_t i = 0; i < l->len; i++) {
		if (text_is_blank((unsigned char)l->text[i]))
			continue;
		int p = parity_of((unsigned char)l->text[i]);
		if (p < 0)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
				"parity map: '%c' is not a mark (o odd, e even, . any)", isprint((unsigned char)l->text[i]) ? l->text[i] : '?');
		if (*n == max)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "parity map: more marks than a board's");
		parity[(*n)++] = (uint8_t)p;
	}
	return 0;
}

int sudoku_read_parity(FILE *in, uint8_t *parity, unsigned *side, struct sudoku_read_error *err)
{
	struct line_source src;
	if (!lines_init(&src, in))
		return text_fail(err, 0, DLX_ERR_NOMEM, "out of memory");
	size_t n = 0, rows = 0, width = 0, first_line = 0;
	int rc;
	while ((rc = next_text(&src, err)) == 1) {
		size_t before = n;
		rc = parity_line(&src.cur, parity, &n, SUDOKU_EXTRAS_MAX_CELLS, err);
		if (rc)
			break;
		if (rows == 0) {
			first_line = src.cur.lineno;
			width = n;
		} else if (n - before != width) {
			rc = text_fail(err, src.cur.lineno, DLX_ERR_SYNTAX, "parity map: row %zu has %zu marks, not %zu",
				rows + 1, n - before, width);
			break;
		}
		rows++;
	}
	lines_free(&src);
	if (rc < 0)
		return rc;
	if (rows == 0)
		return text_fail(err, 0, DLX_ERR_SYNTAX, "no parity map in the file");
	/* One line of N² marks, or N rows of N. */
	size_t s = rows == 1 ? 0 : rows;
	if (rows == 1)
		while ((s + 1) * (s + 1) <= n)
			s++;
	if (s * s != n || s < 4 || s > DLX_SUDOKU_MAX_SIDE)
		return text_fail(err, first_line, DLX_ERR_SYNTAX, rows == 1 ? "parity map: %zu marks on a line, not a board's N x N"
			: "parity map: %zu marks in rows, not a board's N x N", n);
	*side = (unsigned)s;
	return 0;
}

/* A cage name: a single character, or a word (up to 15 bytes). */
struct name {
	char text[16];
};

struct map_reader {
	struct name *names; /* of the cages, by number − 1 */
	uint32_t n;
};

/* The cage number of a name, added if new; 0 for "." */
static uint32_t cage_number(struct map_reader *m, const char *s, size_t len)
{
	if (len == 1 && s[0] == '.')
		return 0;
	for (uint32_t k = 0; k < m->n; k++)
		if (strlen(m->names[k].text) == len && memcmp(m->names[k].text, s, len) == 0)
			return k + 1;
	memcpy(m->names[m->n].text, s, len);
	m->names[m->n].text[len] = '\0';
	return ++m->n;
}

/* The cells of one map row into cage[]: single characters, or words when the row has blanks. */
static int map_row(struct map_reader *m, const struct text_line *l, uint32_t *cage, size_t *n, size_t max,
	struct sudoku_read_error *err)
{
	bool words = false;
	for (size_t i = 0; i < l->len; i++)
		words |= text_is_blank((unsigned char)l->text[i]);
	for (size_t i = 0; i < l->len;) {
		if (text_is_blank((unsigned char)l->text[i])) {
			i++;
			continue;
		}
		size_t len = 1;
		while (words && i + len < l->len && !text_is_blank((unsigned char)l->text[i + len]))
			len++;
		if (len > 15)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage map: a cage name of more than 15 characters");
		if (strchr(l->text + i, '=') && strchr(l->text + i, '=') < l->text + i + len)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage map: a sum before the map's last row");
		if (*n == max)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage map: more cells than a board's");
		cage[(*n)++] = cage_number(m, l->text + i, len);
		i += len;
	}
	return 0;
}

/* One line of NAME=SUM items. */
static int sums_line(struct map_reader *m, const struct text_line *l, uint32_t *sum, struct sudoku_read_error *err)
{
	const char *p = l->text, *end = l->text + l->len;
	while (p < end) {
		if (text_is_blank((unsigned char)*p) || *p == ',' || *p == ';') {
			p++;
			continue;
		}
		const char *name = p;
		while (p < end && *p != '=' && *p != ':' && !text_is_blank((unsigned char)*p) && *p != ',' && *p != ';')
			p++;
		size_t len = (size_t)(p - name);
		if (p == end || (*p != '=' && *p != ':') || len == 0 || len > 15)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage sums: expected NAME=SUM, got '%.*s'",
				(int)(len ? (len > 15 ? 15 : len) : 1), len ? name : p);
		p++;
		unsigned long v = 0;
		const char *digits = p;
		while (p < end && *p >= '0' && *p <= '9' && v <= 1000000)
			v = v * 10 + (unsigned long)(*p++ - '0');
		if (p == digits || v == 0 || v > 1000000 || (p < end && !text_is_blank((unsigned char)*p) && *p != ',' && *p != ';'))
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage sums: the sum of '%.*s' is not a number 1-1000000",
				(int)len, name);
		uint32_t k = 0;
		for (uint32_t j = 0; j < m->n && !k; j++)
			if (strlen(m->names[j].text) == len && memcmp(m->names[j].text, name, len) == 0)
				k = j + 1;
		if (!k)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage sums: no cage '%.*s' in the map", (int)len, name);
		if (sum[k - 1])
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage sums: a second sum for cage '%.*s'", (int)len, name);
		sum[k - 1] = (uint32_t)v;
	}
	return 0;
}

/*
 * A cage of one cell without a sum says nothing: it becomes no cage, and
 * the others are numbered again, so that both forms read alike.  Returns
 * the cages left.
 */
static uint32_t drop_lone_cells(uint32_t *cage, uint32_t *sum, size_t cells, uint32_t n)
{
	uint32_t *count = calloc((size_t)n + 1, sizeof *count);
	if (!count)
		return n; /* left as they are: the library treats such a cage as no constraint anyway */
	for (size_t cell = 0; cell < cells; cell++)
		count[cage[cell]]++;
	uint32_t kept = 0;
	for (uint32_t k = 1; k <= n; k++) {
		bool drop = count[k] == 1 && sum[k - 1] == 0;
		count[k] = drop ? 0 : ++kept;
		if (!drop)
			sum[kept - 1] = sum[k - 1];
	}
	for (size_t cell = 0; cell < cells; cell++)
		cage[cell] = cage[cell] ? count[cage[cell]] : 0;
	free(count);
	return kept;
}

static int read_map(struct line_source *src, struct sudoku_cages *out, struct sudoku_read_error *err)
{
	struct map_reader m = { malloc(SUDOKU_EXTRAS_MAX_CELLS * sizeof *m.names), 0 };
	if (!m.names)
		return text_fail(err, 0, DLX_ERR_NOMEM, "out of memory");
	size_t n = 0, rows = 0, width = 0, first_line = src->cur.lineno;
	int rc = 1;
	/* The map's rows: as many as the first has cells. */
	while (rc == 1) {
		size_t before = n;
		rc = map_row(&m, &src->cur, out->cage, &n, SUDOKU_EXTRAS_MAX_CELLS, err);
		if (rc)
			break;
		if (rows == 0)
			width = n;
		else if (n - before != width)
			rc = text_fail(err, src->cur.lineno, DLX_ERR_SYNTAX, "cage map: row %zu has %zu cells, not %zu",
				rows + 1, n - before, width);
		if (rc)
			break;
		if (++rows == width)
			break;
		rc = next_text(src, err);
		if (rc == 0)
			rc = text_fail(err, 0, DLX_ERR_SYNTAX, "cage map: %zu rows, not %zu", rows, width);
	}
	if (rc == 0 && (width < 4 || width > DLX_SUDOKU_MAX_SIDE))
		rc = text_fail(err, first_line, DLX_ERR_SYNTAX, "cage map: rows of %zu cells, not 4-%u", width,
			DLX_SUDOKU_MAX_SIDE);
	memset(out->sum, 0, m.n * sizeof *out->sum);
	while (rc == 0 && (rc = next_text(src, err)) == 1)
		rc = sums_line(&m, &src->cur, out->sum, err);
	free(m.names);
	if (rc < 0)
		return rc;
	out->side = (unsigned)width;
	out->n_cages = drop_lone_cells(out->cage, out->sum, n, m.n);
	return 0;
}

/* The one-line form: "RxC:[d]:k:" and N² fields sum·256 + id. */
static int read_line_form(const struct text_line *l, struct sudoku_cages *out, struct sudoku_read_error *err)
{
	const char *p = l->text;
	char *end;
	errno = 0;
	unsigned long R = strtoul(p, &end, 10), C = 0;
	if (end != p && *end == 'x') {
		p = end + 1;
		C = strtoul(p, &end, 10);
	}
	if (end == p || R < 2 || C < 2 || R * C > DLX_SUDOKU_MAX_SIDE || *end != ':')
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage line: expected \"RxC:\" (e.g. 3x3::k:), boxes of 2-%u cells a side",
			DLX_SUDOKU_MAX_SIDE / 2);
	p = end + 1;
	out->diagonals = *p == 'd';
	p += out->diagonals;
	if (p[0] != ':' || p[1] != 'k' || p[2] != ':')
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage line: expected \":k:\" or \":d:k:\" after \"%lux%lu\"", R, C);
	p += 3;
	const unsigned side = (unsigned)(R * C);
	const size_t cells = (size_t)side * side;
	long id_cage[256];
	for (unsigned i = 0; i < 256; i++)
		id_cage[i] = -1;
	uint32_t id_sum[256], id_cells[256] = { 0 };
	size_t first[256];
	uint8_t *ids = malloc(cells);
	if (!ids)
		return text_fail(err, l->lineno, DLX_ERR_NOMEM, "out of memory");
	for (size_t cell = 0; cell < cells; cell++) {
		if (*p < '0' || *p > '9') {
			free(ids);
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, *p ? "cage line: field %zu is not a number"
				: "cage line: %zu fields, not %zu", *p ? cell + 1 : cell, cells);
		}
		unsigned long v = strtoul(p, &end, 10);
		if ((*end != ':' && *end != '\0') || v >= 256ul * 65536ul || errno) {
			free(ids);
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage line: field %zu is not a number below 2^24", cell + 1);
		}
		p = *end ? end + 1 : end;
		unsigned id = (unsigned)(v % 256);
		uint32_t sum = (uint32_t)(v / 256);
		if (id_cells[id] && id_sum[id] != sum) {
			free(ids);
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
				"cage line: r%zuc%zu is in cage %u with sum %u, r%zuc%zu with sum %u", first[id] / side + 1,
				first[id] % side + 1, id, id_sum[id], cell / side + 1, cell % side + 1, sum);
		}
		if (!id_cells[id]++) {
			id_sum[id] = sum;
			first[id] = cell;
		}
		ids[cell] = (uint8_t)id;
	}
	if (*p) {
		free(ids);
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "cage line: more than %zu fields", cells);
	}
	/* Cages numbered by their first cells; a lone cell without a sum is in none. */
	out->n_cages = 0;
	for (size_t cell = 0; cell < cells; cell++) {
		unsigned id = ids[cell];
		if (id_cells[id] == 1 && id_sum[id] == 0) {
			out->cage[cell] = 0;
			continue;
		}
		if (id_cage[id] < 0) {
			id_cage[id] = (long)out->n_cages;
			out->sum[out->n_cages++] = id_sum[id];
		}
		out->cage[cell] = (uint32_t)id_cage[id] + 1;
	}
	free(ids);
	out->side = side;
	out->box.rows = (unsigned)R;
	out->box.cols = (unsigned)C;
	return 0;
}

int sudoku_read_cages(FILE *in, struct sudoku_cages *out, struct sudoku_read_error *err)
{
	struct line_source src;
	if (!lines_init(&src, in))
		return text_fail(err, 0, DLX_ERR_NOMEM, "out of memory");
	memset(&out->box, 0, sizeof out->box);
	out->diagonals = false;
	int rc = next_text(&src, err);
	if (rc == 0)
		rc = text_fail(err, 0, DLX_ERR_SYNTAX, "no cages in the file");
	else if (rc == 1) {
		const char *t = src.cur.text;
		size_t digits = strspn(t, "0123456789");
		bool line_form = digits > 0 && t[digits] == 'x' && strchr(t, ':') != NULL;
		rc = line_form ? read_line_form(&src.cur, out, err) : read_map(&src, out, err);
		if (rc == 0 && line_form && (rc = next_text(&src, err)) == 1)
			rc = text_fail(err, src.cur.lineno, DLX_ERR_SYNTAX, "cage line: more text after the line");
	}
	lines_free(&src);
	return rc;
}

/* The name of cage k (1-based) when there are n: a letter or another character, or a word. */
static void name_of(uint32_t k, uint32_t n, char *buf)
{
	static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	if (n <= sizeof chars - 1) {
		buf[0] = chars[k - 1];
		buf[1] = '\0';
	} else {
		snprintf(buf, 16, "c%u", k);
	}
}

int sudoku_write_cages_map(FILE *out, const struct sudoku_cages *c)
{
	const unsigned side = c->side;
	const bool words = c->n_cages > 62;
	char name[16];
	for (unsigned r = 0; r < side; r++) {
		for (unsigned col = 0; col < side; col++) {
			uint32_t k = c->cage[(size_t)r * side + col];
			if (k)
				name_of(k, c->n_cages, name);
			else
				strcpy(name, ".");
			fprintf(out, "%s%*s", name, words && col + 1 < side ? (int)(5 - strlen(name)) : 0, "");
		}
		fputc('\n', out);
	}
	bool any = false;
	for (uint32_t k = 1; k <= c->n_cages; k++) {
		if (!c->sum[k - 1])
			continue;
		name_of(k, c->n_cages, name);
		fprintf(out, "%s%s=%u", any ? " " : "", name, c->sum[k - 1]);
		any = true;
	}
	if (any)
		fputc('\n', out);
	return ferror(out) ? DLX_ERR_IO : 0;
}

int sudoku_write_cages_line(FILE *out, const struct sudoku_cages *c, struct sudoku_box box, bool diagonals)
{
	const unsigned side = c->side;
	const size_t cells = (size_t)side * side;
	/* Ids: the cages' first, then one per uncaged cell. */
	size_t loose = 0;
	for (size_t cell = 0; cell < cells; cell++)
		loose += c->cage[cell] == 0;
	if (c->n_cages + loose > 256 || box.rows * box.cols != side)
		return DLX_ERR_INVALID;
	for (uint32_t k = 0; k < c->n_cages; k++)
		if (c->sum[k] > 65535)
			return DLX_ERR_INVALID;
	fprintf(out, "%ux%u:%s:k:", box.rows, box.cols, diagonals ? "d" : "");
	uint32_t next_loose = c->n_cages;
	for (size_t cell = 0; cell < cells; cell++) {
		uint32_t k = c->cage[cell];
		unsigned long v = k ? (unsigned long)c->sum[k - 1] * 256 + (k - 1) : next_loose++;
		fprintf(out, "%lu:", v);
	}
	fputc('\n', out);
	return ferror(out) ? DLX_ERR_IO : 0;
}
