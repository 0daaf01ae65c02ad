/*
 * What the rest of the sudoku library (the generator) needs to know of a
 * solver beyond the public API: which units a cell belongs to.  Not installed.
 */
#ifndef DLX_SUDOKU_INTERNAL_H
#define DLX_SUDOKU_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx-sudoku.h"
#include "dlx-sudoku-explain.h"

/* Every flag of dlx-sudoku.h, and those that link cells with secondary items. */
#define DLX__SUDOKU_ALL_FLAGS (DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU | DLX_SUDOKU_DISJOINT | DLX_SUDOKU_ANTI_KNIGHT | \
	DLX_SUDOKU_ANTI_KING | DLX_SUDOKU_NONCONSECUTIVE)
#define DLX__SUDOKU_LINK_FLAGS (DLX_SUDOKU_ANTI_KNIGHT | DLX_SUDOKU_ANTI_KING | DLX_SUDOKU_NONCONSECUTIVE)

/* Row, column, box or region, two diagonals, one window, one disjoint group. */
#define DLX__SUDOKU_MAX_UNITS 7u

/*
 * A cell's links to other cells that are not units: anti-knight and
 * anti-king pairs (the two may not hold the same digit) and non-consecutive
 * neighbours (nor digits one apart): at most 8 + 4 + 4.
 */
#define DLX__SUDOKU_MAX_LINKS 16u
/*
 * The items of one option: its cell, its units' and its links' (two per
 * non-consecutive neighbour), its cage's "uses d" and "has d".
 */
#define DLX__SUDOKU_MAX_ITEMS (1u + DLX__SUDOKU_MAX_UNITS + 2u * DLX__SUDOKU_MAX_LINKS + 2u)

/* The code of an option that fills no cell: a cage's digit set. */
#define DLX__SUDOKU_NO_CELL UINT32_MAX

enum dlx__sudoku_link_kind { DLX__LINK_SAME, DLX__LINK_CONSECUTIVE };

struct dlx__sudoku_link {
	uint32_t other;  /* the other cell */
	uint32_t item;   /* its first secondary item, counted from 0 among the secondary items */
	uint8_t kind;    /* enum dlx__sudoku_link_kind */
	uint8_t why;     /* the flag that made it: DLX_SUDOKU_ANTI_KNIGHT, _ANTI_KING or _NONCONSECUTIVE */
};

/* The links of a cell into *links (owned by the solver); returns how many. */
unsigned dlx__sudoku_links(const dlx_sudoku *s, size_t cell, const struct dlx__sudoku_link **links);

/* Whether digit d (1..N) at cell keeps every link with the filled cells of board. */
bool dlx__sudoku_links_ok(const dlx_sudoku *s, const uint8_t *board, size_t cell, unsigned d);

/*
 * The items of the option "cell holds d + 1" (d 0-based) into items
 * (room for DLX__SUDOKU_MAX_ITEMS) and their colors into colors (the same
 * room): the cell, its units' items, then its links' secondary items
 * numbered after the primary ones, then its cage's; returns how many.
 * Colors are 0 but for a cage's "has d" (2).
 */
unsigned dlx__sudoku_option_items(const dlx_sudoku *s, size_t cell, unsigned d, size_t *items, uint32_t *colors);

/* Whether the solver's options carry colors (a cage with a sum): then add them with their colors. */
bool dlx__sudoku_colored(const dlx_sudoku *s);

/* Whether digit d + 1 (d 0-based) keeps the cell's parity mark. */
bool dlx__sudoku_parity_ok(const dlx_sudoku *s, size_t cell, unsigned d);

/* The number of cages with a sum: each adds a node to a solution's path. */
unsigned dlx__sudoku_n_summed(const dlx_sudoku *s);

/*
 * Adds the options of the solver's cages' digit sets to p, a matrix of the
 * solver's item layout, their codes DLX__SUDOKU_NO_CELL in codes (may be
 * NULL; indexed by option id).  Returns DLX_OK or the core's error.
 */
int dlx__sudoku_add_cages(const dlx_sudoku *s, dlx_problem *p, uint32_t *codes);

/* How many options dlx__sudoku_add_cages() adds. */
size_t dlx__sudoku_n_cage_options(const dlx_sudoku *s);

/*
 * dlx-sudoku-cages.c.  Checks extras for a board of this side (parity
 * marks 0-2, cage numbers in range, every cage 1..side cells), counting
 * each cage's cells into cage_cells (n_cages entries).
 */
int dlx__sudoku_check_extras(unsigned side, const dlx_sudoku_extras *x, uint32_t *cage_cells, dlx_error_info *err);

/*
 * Calls fn for every set of k distinct digits of 1..side summing to sum,
 * digits increasing, until fn returns non-zero (returned).  Complexity:
 * O(k) per set.
 */
int dlx__sudoku_digit_sets(unsigned side, unsigned k, unsigned long sum,
	int (*fn)(void *ctx, const uint8_t *digits, unsigned k), void *ctx);

/*
 * The number of digit sets of the cages with a sum into *total; an
 * impossible sum is DLX_ERR_INVALID, more than DLX_SUDOKU_MAX_CAGE_NODES / (N + 1) in
 * all DLX_ERR_TOO_BIG, with a message.
 */
int dlx__sudoku_count_cage_sets(unsigned side, const dlx_sudoku_extras *x, const uint32_t *cage_cells, size_t *total,
	dlx_error_info *err);

/*
 * Adds the digit-set options of the cages with a sum: cage k's primary
 * item cage_item[k], its "has d" items has_item[k] + d − 1.  codes as
 * dlx__sudoku_add_cages().
 */
int dlx__sudoku_add_cage_sets(dlx_problem *p, unsigned side, const dlx_sudoku_extras *x, const uint32_t *cage_cells,
	const size_t *cage_item, const size_t *has_item, uint32_t *codes);

/* The primary and secondary item counts of the solver's matrix. */
size_t dlx__sudoku_n_primary(const dlx_sudoku *s);
size_t dlx__sudoku_n_secondary(const dlx_sudoku *s);

/*
 * The units of a cell (numbered as in sudoku.c: rows, columns, regions,
 * diagonals, windows) into units[], at most DLX__SUDOKU_MAX_UNITS; returns
 * how many.  Complexity: O(1).
 */
unsigned dlx__sudoku_units(const dlx_sudoku *s, size_t cell, unsigned *units);

/* The number of units of the solver's board. */
unsigned dlx__sudoku_n_units(const dlx_sudoku *s);

/* The name of unit u for messages: "row 3", "box 2", "region 5", "the main diagonal", "window 1". */
void dlx__sudoku_unit_name(const dlx_sudoku *s, unsigned u, char *buf, size_t size);

/*
 * What unit u is (a dlx_sudoku_unit_kind of dlx-sudoku-explain.h) and its
 * 1-based number among its kind in *number.
 */
int dlx__sudoku_unit_kind(const dlx_sudoku *s, unsigned u, unsigned *number);

/* Whether every constraint of the solver is a unit: no cell links, parity marks or cages. */
bool dlx__sudoku_units_only(const dlx_sudoku *s);

/*
 * Searches p, a matrix of the solver's item layout, with the params of
 * dlx_sudoku_solve() (NULL not allowed), decoding each solution's options
 * through codes (option -> cell·N + d−1; NULL when the option numbers are
 * those codes, as in the solver's own matrix) into the solver's board.
 * Forces and releases nothing.
 */
/* Sets s's engine (dlx_sudoku_set_engine()), returning the one before: grading and generating take dancing links. */
dlx_sudoku_engine dlx__sudoku_engine_swap(dlx_sudoku *s, dlx_sudoku_engine engine);
/*
 * givens: the board's givens when p is the solver's own matrix with them
 * forced (dlx_sudoku_solve()), which the local search starts from; NULL for
 * other matrices (candidates), which leaves the local search out.
 */
int dlx__sudoku_search(dlx_sudoku *s, dlx_problem *p, const uint32_t *codes, const uint8_t *givens,
	const dlx_sudoku_params *params, uint8_t *solution, dlx_sudoku_result *res);

/*
 * The local search (dlx-sudoku-local.c) for one solution of givens (checked
 * by dlx_sudoku_check()) on s's board, whose constraints must all be units
 * (dlx__sudoku_units_only()): fills board (cells bytes) and sets
 * stats->solutions to 1 when it finds one; stops with DLX_STOP_COMPLETE
 * and none found when the singles prove there is none; else stops after move_limit
 * moves (0: none) with DLX_STOP_NODE_LIMIT, or when params->on_poll says so
 * (polled every params->poll_interval moves) with DLX_STOP_POLL.  stats->nodes
 * counts the moves.  Deterministic for a seed.  Returns DLX_OK or
 * DLX_ERR_NOMEM.  O(cells · side) memory; set-up as dlx_sudoku_candidates()
 * (its singles), then O(side³) a region's deal; O(units) a move.
 */
/*
 * splitmix64 (Steele, Lea and Flood): advances *x and returns its next
 * output.  The generator seeds its xoshiro256** with it; the local search
 * draws from it directly (cheap, full period, deterministic for a seed).
 */
static inline uint64_t dlx__splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* The seed of every local search: the same puzzle gets the same answer. */
#define DLX_SUDOKU_LOCAL_SEED 0x5eed5eedu
int dlx__sudoku_local(dlx_sudoku *s, const uint8_t *givens, uint64_t seed, uint64_t move_limit,
	const dlx_sudoku_params *params, uint8_t *board, dlx_stats *stats);

/*
 * The same search in steps, for auto's portfolio (dlx__sudoku_search()),
 * which takes turns between it and the SAT engine.  dlx__local_start()
 * lays out and deals (*out NULL and *none true when the singles prove
 * there is no solution; DLX_ERR_NOMEM); each dlx__local_run() goes on
 * where the last stopped for up to moves more moves (0: no bound), as
 * dlx__sudoku_local() runs, its stats the totals so far; dlx__local_free()
 * takes NULL.  The moves of the calls together make the same search as one
 * call of their sum.
 */
typedef struct dlx__local_search dlx__local_search;
int dlx__local_start(dlx_sudoku *s, const uint8_t *givens, uint64_t seed, dlx__local_search **out, bool *none);
int dlx__local_run(dlx__local_search *ls, uint64_t moves, const dlx_sudoku_params *params, uint8_t *board,
	dlx_stats *stats);
void dlx__local_free(dlx__local_search *ls);

/*
 * How the layer reports a failure with details: fills *err, if not NULL,
 * with line 0 (nothing here is about an input line) and the message, and
 * returns code.
 */
int dlx__sudoku_fail(dlx_error_info *err, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * The parameters of a grade's uniqueness search: params' node limit and
 * polls (params may be NULL), and a limit of two solutions, so that a
 * unique puzzle's tree is searched to the end.
 */
static inline dlx_sudoku_params dlx__sudoku_grade_params(const dlx_sudoku_params *params)
{
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	if (params) {
		sp.node_limit = params->node_limit;
		sp.on_poll = params->on_poll;
		sp.poll_ctx = params->poll_ctx;
		sp.poll_interval = params->poll_interval;
	}
	sp.limit = 2;
	return sp;
}

/* Empties *err, if not NULL: what the functions taking one do first. */
static inline void dlx__sudoku_clear_error(dlx_error_info *err)
{
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
}

/*
 * The technique of a subset of k = 2..4 (pair, triple, quad; X-wing,
 * swordfish, jellyfish) of a kind: 'n' naked, 'h' hidden, 'f' fish.  Shared
 * by the 9x9 ladder (dlx-sudoku-explain.c) and the general one.
 */
static inline dlx_sudoku_technique dlx__subset_technique(char kind, unsigned k)
{
	static const dlx_sudoku_technique naked[3] = { DLX_SUDOKU_TECH_NAKED_PAIR, DLX_SUDOKU_TECH_NAKED_TRIPLE,
		DLX_SUDOKU_TECH_NAKED_QUAD };
	static const dlx_sudoku_technique hidden[3] = { DLX_SUDOKU_TECH_HIDDEN_PAIR, DLX_SUDOKU_TECH_HIDDEN_TRIPLE,
		DLX_SUDOKU_TECH_HIDDEN_QUAD };
	static const dlx_sudoku_technique fish[3] = { DLX_SUDOKU_TECH_X_WING, DLX_SUDOKU_TECH_SWORDFISH,
		DLX_SUDOKU_TECH_JELLYFISH };
	return (kind == 'n' ? naked : kind == 'h' ? hidden : fish)[k - 2];
}

#endif
