/* Explained steps as text (sudoku-steps.h). */
#include "sudoku-steps.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* A line being written; snprintf's truncation keeps it within its buffer, which no step fills. */
struct line {
	char *buf;
	size_t n;
	size_t cap; /* the buffer's size: SUDOKU_STEP_TEXT_MAX or SUDOKU_GSTEP_TEXT_MAX */
};

__attribute__((format(printf, 2, 3))) static void put(struct line *l, const char *fmt, ...)
{
	if (l->n >= l->cap - 2)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(l->buf + l->n, l->cap - 1 - l->n, fmt, ap);
	va_end(ap);
	if (k > 0)
		l->n += (size_t)k < l->cap - 1 - l->n ? (size_t)k : l->cap - 2 - l->n;
}

static void put_unit(struct line *l, unsigned u)
{
	put(l, "%s %u", u < 9 ? "row" : u < 18 ? "column" : "box", u % 9 + 1);
}

static void put_cells(struct line *l, const uint8_t *cells, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		put(l, "%sr%uc%u", i ? "," : "", cells[i] / 9u + 1, cells[i] % 9u + 1);
}

static void put_digits(struct line *l, unsigned digits)
{
	bool first = true;
	for (unsigned d = 0; d < 9; d++) {
		if (digits & (1u << d)) {
			put(l, "%s%u", first ? "" : ",", d + 1);
			first = false;
		}
	}
}

/* Fish: "4 in rows 2,6 lies in columns 3,7" */
static void put_fish(struct line *l, const dlx_sudoku_step *s)
{
	unsigned k = s->n_units / 2;
	put_digits(l, s->digits);
	put(l, " in %s ", s->units[0] < 9 ? "rows" : "columns");
	for (unsigned i = 0; i < k; i++)
		put(l, "%s%u", i ? "," : "", s->units[i] % 9u + 1);
	put(l, " lies in %s ", s->units[k] < 9 ? "rows" : "columns");
	for (unsigned i = k; i < 2 * k; i++)
		put(l, "%s%u", i > k ? "," : "", s->units[i] % 9u + 1);
}

size_t sudoku_step_text(char *buf, const dlx_sudoku_step *s)
{
	struct line l = { buf, 0, SUDOKU_STEP_TEXT_MAX };
	buf[0] = '\0';
	bool first = true;
	for (unsigned d = 1; d <= 9; d++) {
		uint8_t cells[DLX_SUDOKU_STEP_MAX_ELIMS];
		unsigned n = 0;
		for (unsigned k = 0; k < s->n_elims; k++)
			if (s->elim_digit[k] == d)
				cells[n++] = s->elim_cell[k];
		if (!n)
			continue;
		put(&l, "%s", first ? "" : " ");
		put_cells(&l, cells, n);
		put(&l, "<>%u", d);
		first = false;
	}
	if (s->place_digit)
		put(&l, "%sr%uc%u=%u", first ? "" : " ", s->place_cell / 9u + 1, s->place_cell % 9u + 1, s->place_digit);
	bool locked = s->technique == DLX_SUDOKU_TECH_POINTING || s->technique == DLX_SUDOKU_TECH_CLAIMING;
	/* Pointing and claiming are one rule seen from either unit: players call both locked candidates. */
	put(&l, "  %s", locked ? "locked candidates" : dlx_sudoku_technique_name(s->technique));
	switch (s->technique) {
	case DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX:
	case DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE:
		put(&l, " in ");
		put_unit(&l, s->units[0]);
		break;
	case DLX_SUDOKU_TECH_POINTING:
	case DLX_SUDOKU_TECH_CLAIMING:
		put(&l, ": %u in ", (unsigned)__builtin_ctz(s->digits) + 1);
		put_unit(&l, s->units[0]);
		put(&l, " lies in ");
		put_unit(&l, s->units[1]);
		break;
	case DLX_SUDOKU_TECH_NAKED_PAIR:
	case DLX_SUDOKU_TECH_NAKED_TRIPLE:
	case DLX_SUDOKU_TECH_NAKED_QUAD:
	case DLX_SUDOKU_TECH_HIDDEN_PAIR:
	case DLX_SUDOKU_TECH_HIDDEN_TRIPLE:
	case DLX_SUDOKU_TECH_HIDDEN_QUAD:
		put(&l, " ");
		put_digits(&l, s->digits);
		put(&l, " in ");
		put_cells(&l, s->cells, s->n_cells);
		put(&l, " (");
		for (unsigned i = 0; i < s->n_units; i++) {
			put(&l, "%s", i ? ", " : "");
			put_unit(&l, s->units[i]);
		}
		put(&l, ")");
		break;
	case DLX_SUDOKU_TECH_X_WING:
	case DLX_SUDOKU_TECH_SWORDFISH:
	case DLX_SUDOKU_TECH_JELLYFISH:
		put(&l, ": ");
		put_fish(&l, s);
		break;
	case DLX_SUDOKU_TECH_SKYSCRAPER:
	case DLX_SUDOKU_TECH_TWO_STRING_KITE:
	case DLX_SUDOKU_TECH_TURBOT_FISH:
		put(&l, ": %u in ", (unsigned)__builtin_ctz(s->digits) + 1);
		put_unit(&l, s->units[0]);
		put(&l, " and ");
		put_unit(&l, s->units[1]);
		put(&l, ", chain r%uc%u=r%uc%u-r%uc%u=r%uc%u", s->cells[0] / 9u + 1, s->cells[0] % 9u + 1,
			s->cells[1] / 9u + 1, s->cells[1] % 9u + 1, s->cells[2] / 9u + 1, s->cells[2] % 9u + 1,
			s->cells[3] / 9u + 1, s->cells[3] % 9u + 1);
		break;
	case DLX_SUDOKU_TECH_X_CHAIN:
	case DLX_SUDOKU_TECH_Y_CHAIN:
	case DLX_SUDOKU_TECH_XY_CHAIN:
		/* Its rating grows with its length, so it is worth saying. */
		put(&l, " (%u.%u):", s->rating / 10, s->rating % 10);
		for (unsigned i = 0; i < s->n_chain; i++)
			put(&l, "%s r%uc%u%s%u", i ? " =>" : "", s->chain_cell[i] / 9u + 1, s->chain_cell[i] % 9u + 1,
				i % 2 == !s->place_digit ? "<>" : "=", s->chain_digit[i]);
		break;
	case DLX_SUDOKU_TECH_STRONG_LINKS_3:
	case DLX_SUDOKU_TECH_STRONG_LINKS_4:
		/* "5 in row 3, column 4, column 8, chain r3c1=r3c4-r4c4=r9c4-r1c8=r2c8" */
		put(&l, ": %u in ", (unsigned)__builtin_ctz(s->digits) + 1);
		for (unsigned i = 0; i < s->n_units; i++) {
			put(&l, "%s", i ? ", " : "");
			put_unit(&l, s->units[i]);
		}
		put(&l, ", chain ");
		for (unsigned i = 0; i < s->n_cells; i++)
			put(&l, "%sr%uc%u", i ? (i % 2 ? "=" : "-") : "", s->cells[i] / 9u + 1, s->cells[i] % 9u + 1);
		break;
	case DLX_SUDOKU_TECH_ALIGNED_TRIPLE:
		put(&l, ": ");
		put_cells(&l, s->cells, s->n_cells);
		break;
	/* Forcing chains of several branches: the rating, then the branches (dlx-sudoku-explain.h). */
	case DLX_SUDOKU_TECH_NISHIO:
	case DLX_SUDOKU_TECH_DYNAMIC_CONTRADICTION:
		/* "r3c4<>7 ...: r3c4=7 would make r5c5 both 3 and not 3" */
		put(&l, " (%u.%u): r%uc%u%s%u would make r%uc%u both %u and not %u", s->rating / 10, s->rating % 10,
			s->chain_cell[0] / 9u + 1, s->chain_cell[0] % 9u + 1, s->place_digit ? "<>" : "=", s->chain_digit[0],
			s->chain_cell[1] / 9u + 1, s->chain_cell[1] % 9u + 1, s->chain_digit[1], s->chain_digit[1]);
		break;
	case DLX_SUDOKU_TECH_DYNAMIC_DOUBLE:
		put(&l, " (%u.%u): whether r%uc%u is %u or not", s->rating / 10, s->rating % 10, s->chain_cell[0] / 9u + 1,
			s->chain_cell[0] % 9u + 1, s->chain_digit[0]);
		break;
	case DLX_SUDOKU_TECH_CELL_FORCING:
	case DLX_SUDOKU_TECH_DYNAMIC_CELL:
		put(&l, " (%u.%u): whichever of ", s->rating / 10, s->rating % 10);
		put_digits(&l, s->digits);
		put(&l, " r%uc%u holds", s->cells[0] / 9u + 1, s->cells[0] % 9u + 1);
		break;
	case DLX_SUDOKU_TECH_REGION_FORCING:
	case DLX_SUDOKU_TECH_DYNAMIC_REGION:
		put(&l, " (%u.%u): wherever %u goes in ", s->rating / 10, s->rating % 10,
			(unsigned)__builtin_ctz(s->digits) + 1);
		put_unit(&l, s->units[0]);
		put(&l, " (");
		put_cells(&l, s->cells, s->n_cells);
		put(&l, ")");
		break;
	case DLX_SUDOKU_TECH_XY_WING:
	case DLX_SUDOKU_TECH_XYZ_WING:
		put(&l, " on ");
		put_digits(&l, s->digits);
		put(&l, ": pivot r%uc%u, pincers ", s->cells[0] / 9u + 1, s->cells[0] % 9u + 1);
		put_cells(&l, s->cells + 1, s->n_cells - 1);
		break;
	default:
		break;
	}
	put(&l, "\n");
	return l.n;
}

/* ---- steps of the general ladder (dlx_sudoku_glogic) ---- */

/* A symbol in the board's alphabet, or as a number past what the alphabet writes. */
static void put_symbol(struct line *l, enum sudoku_alphabet a, unsigned side, unsigned d)
{
	if (side <= sudoku_alphabet_max_side(a))
		put(l, "%c", sudoku_alphabet_symbol(a, d));
	else
		put(l, "%u", d);
}

static void put_gunit(struct line *l, const dlx_sudoku_glogic *g, unsigned u)
{
	static const char *const names[] = { "row", "column", "box", "region", "the main diagonal",
		"the anti-diagonal", "window", "disjoint group" };
	unsigned num;
	dlx_sudoku_unit_kind k = dlx_sudoku_glogic_unit(g, u, &num);
	if (k == DLX_SUDOKU_UNIT_DIAGONAL || k == DLX_SUDOKU_UNIT_ANTI_DIAGONAL)
		put(l, "%s", names[k]);
	else
		put(l, "%s %u", names[k], num);
}

static void put_gcell(struct line *l, unsigned side, uint32_t c)
{
	put(l, "r%uc%u", c / side + 1, c % side + 1);
}

size_t sudoku_gstep_text(char *buf, const dlx_sudoku_glogic *g, const dlx_sudoku_gstep *s, enum sudoku_alphabet a)
{
	struct line l = { buf, 0, SUDOKU_GSTEP_TEXT_MAX };
	const unsigned side = dlx_sudoku_glogic_side(g);
	buf[0] = '\0';
	bool first = true;
	/* Eliminations grouped by symbol, in the order of the symbols. */
	for (unsigned d = 1; d <= side; d++) {
		bool any = false;
		for (unsigned k = 0; k < s->n_elims; k++) {
			if (s->elim_digit[k] != d)
				continue;
			put(&l, "%s", any ? "," : first ? "" : " ");
			put_gcell(&l, side, s->elim_cell[k]);
			any = true;
		}
		if (any) {
			put(&l, "<>");
			put_symbol(&l, a, side, d);
			first = false;
		}
	}
	if (s->place_digit) {
		put(&l, "%s", first ? "" : " ");
		put_gcell(&l, side, s->place_cell);
		put(&l, "=");
		put_symbol(&l, a, side, s->place_digit);
	}
	bool locked = s->technique == DLX_SUDOKU_TECH_POINTING || s->technique == DLX_SUDOKU_TECH_CLAIMING;
	put(&l, "  %s", locked ? "locked candidates" : dlx_sudoku_technique_name(s->technique));
	switch (s->technique) {
	case DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX:
	case DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE:
		put(&l, " in ");
		put_gunit(&l, g, s->units[0]);
		break;
	case DLX_SUDOKU_TECH_POINTING:
	case DLX_SUDOKU_TECH_CLAIMING:
		put(&l, ": ");
		put_symbol(&l, a, side, s->digits[0]);
		put(&l, " in ");
		put_gunit(&l, g, s->units[0]);
		put(&l, " lies in ");
		put_gunit(&l, g, s->units[1]);
		break;
	case DLX_SUDOKU_TECH_NAKED_PAIR:
	case DLX_SUDOKU_TECH_NAKED_TRIPLE:
	case DLX_SUDOKU_TECH_NAKED_QUAD:
	case DLX_SUDOKU_TECH_HIDDEN_PAIR:
	case DLX_SUDOKU_TECH_HIDDEN_TRIPLE:
	case DLX_SUDOKU_TECH_HIDDEN_QUAD:
		put(&l, " ");
		for (unsigned i = 0; i < s->n_digits; i++) {
			put(&l, "%s", i ? "," : "");
			put_symbol(&l, a, side, s->digits[i]);
		}
		put(&l, " in ");
		for (unsigned i = 0; i < s->n_cells; i++) {
			put(&l, "%s", i ? "," : "");
			put_gcell(&l, side, s->cells[i]);
		}
		put(&l, " (");
		for (unsigned i = 0; i < s->n_units; i++) {
			put(&l, "%s", i ? ", " : "");
			put_gunit(&l, g, s->units[i]);
		}
		put(&l, ")");
		break;
	case DLX_SUDOKU_TECH_X_WING:
	case DLX_SUDOKU_TECH_SWORDFISH:
	case DLX_SUDOKU_TECH_JELLYFISH: {
		/* "G in rows 2,6 lies in columns 3,7": rows are units 0..N-1, columns N..2N-1. */
		unsigned k = s->n_units / 2;
		put(&l, ": ");
		put_symbol(&l, a, side, s->digits[0]);
		put(&l, " in %s ", s->units[0] < side ? "rows" : "columns");
		for (unsigned i = 0; i < k; i++)
			put(&l, "%s%u", i ? "," : "", s->units[i] % side + 1);
		put(&l, " lies in %s ", s->units[k] < side ? "rows" : "columns");
		for (unsigned i = k; i < 2 * k; i++)
			put(&l, "%s%u", i > k ? "," : "", s->units[i] % side + 1);
		break;
	}
	default:
		break;
	}
	put(&l, "\n");
	return l.n;
}
