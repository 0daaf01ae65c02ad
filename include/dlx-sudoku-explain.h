/**
 * @file dlx-sudoku-explain.h
 * @brief Explained solving of classic 9x9 sudoku: the steps a person would
 * take, and a difficulty rating on Sudoku Explainer's scale; and of every
 * other board of units by the rules that generalise (#dlx_sudoku_glogic,
 * at the end of this header).
 *
 * The logic works on a grid of candidates (#dlx_sudoku_logic: a bitmask of
 * digits per cell).  In exact-cover terms each cell and each "unit u has
 * digit d" is an item, each candidate (cell, d) an option, and the
 * techniques are rules on that matrix:
 *  - an item with one option left forces it: a naked single (a cell item)
 *    or a hidden single (a row, column or box item);
 *  - when every option of item A also covers item B, B's other options go:
 *    locked candidates (pointing: "box has d" within "row has d"; claiming:
 *    the other way round);
 *  - k items whose options all lie within k other items remove those
 *    items' other options: naked subsets (k cell items within k unit-digit
 *    items), hidden subsets (k unit-digit items within k cell items) and
 *    fish (k row-has-d items within k column-has-d items: X-wing,
 *    swordfish, jellyfish);
 *  - single-digit chains of two strong links (a unit-digit item with two
 *    options) joined by a weak one (two options that share a unit): either
 *    end holds the digit, so a cell seeing both ends loses it (skyscraper,
 *    two-string kite, turbot fish);
 *  - chains of three or four such strong links on one digit (Sukaku
 *    Explainer's "3 strong links", 5.4, and "4 strong links", 5.8; 0.1 more
 *    when they mix a box and lines, or rows and columns, 0.2 for all three):
 *    a cell seeing both ends loses the digit;
 *  - wings: XY-wing and XYZ-wing (three cell items whose options leave
 *    digit z in one of two or three cells, so any cell seeing them all
 *    loses z);
 *  - with a puzzle known to be unique (#dlx_sudoku_logic.unique): unique
 *    rectangles (four cells of two rows, two columns and two boxes that
 *    could swap two digits make a second solution, so they cannot all be
 *    left to those two digits) and BUG+1 (if every empty cell but one were
 *    bivalue, the puzzle would have two solutions or none);
 *  - forcing chains (SE's unary chains): an option that, chosen, forces
 *    through alternating weak links (two options of one item: one chosen,
 *    the other goes) and strong links (an item with two options left: one
 *    gone, the other is chosen) its own removal goes; one whose removal
 *    forces its choice is placed.  SE names them by their strong links: an
 *    X-chain's are items "unit has d" (one digit), a Y-chain's cell items
 *    (bivalue cells: players' XY-chain), a forcing chain has both.  SE rates
 *    them 6.6, 6.6 and 7.0, plus 0.1 for each step of its length scale
 *    (over 4, 6, 8, 12, 16, 24 links);
 *  - aligned triple exclusion (SE's, 7.5, tried after the unary chains):
 *    three cells, the third seeing one of the others, all three seen by two
 *    or more cells of two or three candidates (excluders); a choice of a
 *    digit per cell that gives one digit to two cells seeing each other, or
 *    every candidate of an excluder to the three, is impossible, and a
 *    candidate no possible choice uses goes;
 *  - forcing chains of several branches, SE's rules after the unary chains,
 *    each tried when the ones before it find nothing and giving its shortest
 *    step: Nishio (7.5: a candidate whose choice, followed through links of
 *    its digit alone and taking each removal into account, makes another
 *    candidate both chosen and removed, goes; one whose removal does, is
 *    placed), then cell and region forcing chains (8.0: every candidate of
 *    a cell, or every place of a digit in a unit, chosen in turn, chooses or
 *    removes one candidate: it is placed or goes), then dynamic forcing
 *    chains (8.5: the same with every link and every branch taking the
 *    removals before it into account, and two more kinds: contradiction, an
 *    assumption that makes a candidate both chosen and removed, and double,
 *    a candidate of a cell of three or more that chosen and removed leads to
 *    one conclusion).  Their length is SE's:
 *    the nodes of the branches together (in a dynamic chain a conclusion
 *    counts every removal it rests on), on the same scale (over 4, 6, 8, 12,
 *    16, 24, 32, 48, 64, ... nodes: 0.1 each).
 *
 * Each technique has the weight Sudoku Explainer (SE) 1.2.1 gives it, in
 * tenths (#dlx_sudoku_technique_rating()), and the turbot fish family that
 * of Sukaku Explainer (SE's fork, whose ratings the collections carry).
 * The rating of a puzzle is SE's: always apply the easiest step available,
 * and take the hardest step applied.  When the ladder runs out before the
 * puzzle is solved the puzzle needs more than these techniques (SE's
 * dynamic forcing chains with the simpler techniques inside (9.0) or nested
 * ones, or a uniqueness technique): its rating
 * is a lower bound, #DLX_SUDOKU_RATING_BEYOND or the hardest step taken,
 * and its class is "beyond logic".
 *
 * Every technique but the uniqueness ones is sound on any grid: an
 * elimination never removes a digit a solution has there, whether or not
 * the puzzle is unique.
 *
 * Like the rest of libdlx-sudoku this never prints or exits; it writes no
 * text but the technique names.  Functions are reentrant; a grid belongs to
 * one thread at a time.
 */
#ifndef DLX_SUDOKU_EXPLAIN_H
#define DLX_SUDOKU_EXPLAIN_H

#include <stdint.h>

#include "dlx-export.h"
#include "dlx-sudoku.h"
#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Cells of the board, 9 rows of 9 in row-major order. */
#define DLX_SUDOKU_EXPLAIN_CELLS 81u

/**
 * A board being solved by logic.  value[c] is the digit placed in cell c
 * (1..9) or 0; cand[c] the candidates of an empty cell, bit d − 1 for digit
 * d, and 0 for a placed cell.
 */
typedef struct dlx_sudoku_logic {
	uint8_t value[81];
	uint16_t cand[81];
	uint8_t unique;   /**< non-zero: the puzzle is known to have one solution, so the
	                       uniqueness techniques (unique rectangles, BUG) may be used;
	                       dlx_sudoku_logic_init() sets 0.  Their eliminations are wrong
	                       on a puzzle with several solutions. */
} dlx_sudoku_logic;

/** The techniques, in the order of their SE weight (easiest first). */
typedef enum dlx_sudoku_technique {
	DLX_SUDOKU_TECH_NONE = 0,         /**< no step: solved, or stuck */
	DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX,  /**< 1.2: a digit with one place left in a box */
	DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE, /**< 1.5: ... in a row or column */
	DLX_SUDOKU_TECH_NAKED_SINGLE,     /**< 2.3: a cell with one candidate left */
	DLX_SUDOKU_TECH_POINTING,         /**< 2.6: a digit of a box within one line leaves the line */
	DLX_SUDOKU_TECH_CLAIMING,         /**< 2.8: a digit of a line within one box leaves the box */
	DLX_SUDOKU_TECH_NAKED_PAIR,       /**< 3.0 */
	DLX_SUDOKU_TECH_X_WING,           /**< 3.2 */
	DLX_SUDOKU_TECH_HIDDEN_PAIR,      /**< 3.4 */
	DLX_SUDOKU_TECH_NAKED_TRIPLE,     /**< 3.6 */
	DLX_SUDOKU_TECH_SWORDFISH,        /**< 3.8 */
	DLX_SUDOKU_TECH_HIDDEN_TRIPLE,    /**< 4.0 */
	DLX_SUDOKU_TECH_SKYSCRAPER,       /**< 4.0: two strong links of a digit in parallel lines */
	DLX_SUDOKU_TECH_TWO_STRING_KITE,  /**< 4.1: strong links in a row and a column, joined in a box */
	DLX_SUDOKU_TECH_TURBOT_FISH,      /**< 4.2: two strong links (one in a box) joined by a weak one */
	DLX_SUDOKU_TECH_XY_WING,          /**< 4.2 */
	DLX_SUDOKU_TECH_XYZ_WING,         /**< 4.4 */
	DLX_SUDOKU_TECH_UNIQUE_RECT_1,    /**< 4.5: unique rectangle type 1 (needs grid.unique) */
	DLX_SUDOKU_TECH_UNIQUE_RECT_4,    /**< 4.5: unique rectangle type 4 (needs grid.unique) */
	DLX_SUDOKU_TECH_UNIQUE_RECT_2,    /**< 4.6: unique rectangle type 2 (needs grid.unique) */
	DLX_SUDOKU_TECH_NAKED_QUAD,       /**< 5.0 */
	DLX_SUDOKU_TECH_JELLYFISH,        /**< 5.2 */
	DLX_SUDOKU_TECH_HIDDEN_QUAD,      /**< 5.4 */
	DLX_SUDOKU_TECH_STRONG_LINKS_3,   /**< 5.4-5.6: three strong links of one digit joined by
	                                       weak ones (players' 3-skyscraper, 3-string kite) */
	DLX_SUDOKU_TECH_BUG,              /**< 5.6: bivalue universal grave + 1 (needs grid.unique) */
	DLX_SUDOKU_TECH_STRONG_LINKS_4,   /**< 5.8-6.0: four strong links of one digit */
	DLX_SUDOKU_TECH_X_CHAIN,          /**< 6.6 and up: a forcing chain on one digit */
	DLX_SUDOKU_TECH_Y_CHAIN,          /**< 6.6 and up: a forcing chain whose strong links are bivalue
	                                       cells (players' XY-chain) */
	DLX_SUDOKU_TECH_XY_CHAIN,         /**< 7.0 and up: a forcing chain with strong links of both
	                                       kinds */
	DLX_SUDOKU_TECH_ALIGNED_TRIPLE,   /**< 7.5: three cells, the choices of a digit each that
	                                       their excluders (cells of two or three candidates seeing
	                                       all three) allow leave some candidate unused: it goes */
	DLX_SUDOKU_TECH_NISHIO,           /**< 7.5 and up: a candidate whose choice, followed on its
	                                       digit alone and dynamically, contradicts itself goes
	                                       (or whose removal does, is placed) */
	DLX_SUDOKU_TECH_CELL_FORCING,     /**< 8.0 and up: every candidate of a cell, chosen, leads to
	                                       one conclusion (static chains) */
	DLX_SUDOKU_TECH_REGION_FORCING,   /**< 8.0 and up: every place of a digit in a unit, chosen,
	                                       leads to one conclusion (static chains) */
	DLX_SUDOKU_TECH_DYNAMIC_CONTRADICTION, /**< 8.5 and up: a candidate whose choice (removal)
	                                       leads, dynamically, to a contradiction goes (is placed) */
	DLX_SUDOKU_TECH_DYNAMIC_DOUBLE,   /**< 8.5 and up: a candidate chosen and removed leads,
	                                       dynamically, to one conclusion both ways */
	DLX_SUDOKU_TECH_DYNAMIC_CELL,     /**< 8.5 and up: cell forcing chains, dynamic */
	DLX_SUDOKU_TECH_DYNAMIC_REGION,   /**< 8.5 and up: region forcing chains, dynamic */
	DLX_SUDOKU_TECH_COUNT             /**< the number of values above */
} dlx_sudoku_technique;

/**
 * The hardest technique rating below the chains, in tenths.  Puzzles that
 * need more than the ladder rate above it (and above the chains they used).
 */
#define DLX_SUDOKU_RATING_LADDER_MAX 54u

/**
 * The rating given to a puzzle the ladder does not solve, in tenths, when the
 * steps it took rated less: a lower bound.  SE's techniques past the
 * ladder's (dynamic forcing chains with the simpler techniques inside,
 * nested ones) start at 9.0, but SE has others the ladder lacks from 7.5
 * (aligned triple exclusion) that may spare it those, and a puzzle that
 * only a chain longer than #DLX_SUDOKU_CHAIN_MAX, a cycle or a uniqueness
 * technique solves rates less on SE's scale: 7.5 is the bound kept.
 */
#define DLX_SUDOKU_RATING_BEYOND 75u

/** Most nodes (options, chosen and removed in turn) of a chain the search follows. */
#define DLX_SUDOKU_CHAIN_MAX 32u

/** Most eliminations one step makes (a naked pair in a row and a box makes 28). */
#define DLX_SUDOKU_STEP_MAX_ELIMS 81u

/**
 * One step.  Units are numbered 0..8 for rows 1..9, 9..17 for columns 1..9
 * and 18..26 for boxes 1..9 (row-major); cells 0..80 row-major; digits 1..9.
 */
typedef struct dlx_sudoku_step {
	dlx_sudoku_technique technique;
	unsigned rating;          /**< SE's weight in tenths (12 = 1.2): the technique's, and for
	                               chains more with their length */
	unsigned n_units;         /**< units used: singles 1 (where the digit or cell is
	                               alone; a naked single's box); locked candidates 2 (the
	                               unit the digit lies in, then the one it leaves); subsets
	                               1 or 2 (the units of their cells); fish: k base lines
	                               then k cover lines; turbot fish 2 (the strong links'); n strong
	                               links n, in the chain's order; wings 0 */
	uint8_t units[8];
	uint16_t digits;          /**< the pattern's digits, bit d − 1 for d */
	unsigned n_cells;         /**< the pattern's cells: a single's cell, a subset's cells,
	                               a wing's pivot then pincers, a turbot fish's chain (end,
	                               its link's other cell, the other link's near cell, end),
	                               n strong links' chain (each link's two cells in turn);
	                               cell forcing chains' cell, region forcing chains' places
	                               (their unit in units), a Nishio's, contradiction's or
	                               double chain's assumption's cell;
	                               none for locked candidates and fish (their units say it) */
	uint8_t cells[9];
	uint8_t place_cell;       /**< the placement, if place_digit is not 0 */
	uint8_t place_digit;      /**< the digit placed (singles, some chains), or 0 */
	unsigned n_chain;         /**< a chain's nodes, chosen and removed in turn: from the
	                               candidate eliminated chosen to it removed, or (with a
	                               placement) from the candidate placed removed to it chosen.
	                               Forcing chains of several branches name their branches'
	                               starts instead: a cell's every candidate, or a unit's every
	                               place of the digit (cell and region forcing chains); a
	                               Nishio's or dynamic contradiction's assumption (chosen when
	                               the step removes it, removed when it places it) then the
	                               candidate it would make both chosen and removed; a dynamic
	                               double chain's one candidate, chosen and removed.  Their one conclusion is the step's
	                               placement or its one elimination. */
	uint8_t chain_cell[DLX_SUDOKU_CHAIN_MAX];
	uint8_t chain_digit[DLX_SUDOKU_CHAIN_MAX];
	unsigned n_elims;         /**< candidates removed before the placement */
	uint8_t elim_cell[DLX_SUDOKU_STEP_MAX_ELIMS];
	uint8_t elim_digit[DLX_SUDOKU_STEP_MAX_ELIMS];
} dlx_sudoku_step;

/** A puzzle's rating (dlx_sudoku_rate()). */
typedef struct dlx_sudoku_rating {
	unsigned rating;          /**< the hardest step applied, in tenths; when !solved a
	                               lower bound, at least #DLX_SUDOKU_RATING_BEYOND */
	int solved;               /**< 1 when the steps solved the board, 0 when they ran out */
	unsigned steps;           /**< steps applied */
	dlx_sudoku_technique hardest; /**< the technique of the hardest step (NONE if no step) */
} dlx_sudoku_rating;

/**
 * Sets up a grid from givens or pencil marks.
 *
 * @param givens 81 digits 0..9 (0 blank), or NULL when marks is given
 * @param marks  729 bytes, non-zero when digit d + 1 is a candidate of cell c at
 *               c·9 + d, or NULL: the candidates of each cell.  A given, and a
 *               cell with one mark (as dlx_sudoku_solve_candidates() reads
 *               it), is placed and leaves its peers' candidates.  With both,
 *               a given must be among its cell's marks.
 * @param g      the grid to fill
 * @param err    why the puzzle was refused (may be NULL): "r1c1 and r1c5 both
 *               hold 3", "r2c2 has no candidate", "r2c2 has no candidate left"
 * @return #DLX_OK; #DLX_ERR_INVALID for NULL arguments or a digit above 9;
 *         #DLX_ERR_CONFLICT for clashing givens or a cell left without candidates.
 * Complexity: O(81·20); allocates nothing.
 */
DLX_API int dlx_sudoku_logic_init(const uint8_t *givens, const uint8_t *marks, dlx_sudoku_logic *g,
	dlx_error_info *err);

/**
 * Finds the easiest step available on the grid (the lowest weight; ties in
 * the fixed order of the units and cells scanned).
 *
 * @param max_rating consider only techniques up to this weight in tenths
 *                   (#DLX_SUDOKU_RATING_LADDER_MAX or more: all)
 * @param step       set to the step; technique #DLX_SUDOKU_TECH_NONE when the
 *                   grid is solved or no technique applies
 * @param err        (may be NULL) on #DLX_ERR_CONFLICT, what is broken:
 *                   "r4c4 has no candidate left", "7 has no place left in box 5"
 * @return #DLX_OK; #DLX_ERR_INVALID for NULL arguments; #DLX_ERR_CONFLICT when
 *         the grid has no solution that logic can see (a cell without
 *         candidates, a digit without a place in a unit): the puzzle is broken;
 *         #DLX_ERR_NOMEM when the forcing chains' tables (about 1.3 MB, freed
 *         before it returns) cannot be allocated.
 * Complexity: O(81·9) for the singles up to O(27·C(9,4)·9) for the quads and
 * fish; the chains, tried only when those fail, follow implications from
 * each of the up to 729 candidates (a breadth-first search over 2·729
 * nodes, O(729·20) each): O(729²·20) a rule, about 1-20 ms when they are needed.
 * Allocates only for the forcing chains of several branches.
 */
DLX_API int dlx_sudoku_next_step(const dlx_sudoku_logic *g, unsigned max_rating, dlx_sudoku_step *step,
	dlx_error_info *err);

/**
 * Applies a step: removes its eliminations, then makes its placement (which
 * also removes the digit from the cell's 20 peers).
 * @return #DLX_OK; #DLX_ERR_INVALID for NULL arguments, a cell or digit out
 *         of range, or a placement of a digit that is not a candidate.
 * Complexity: O(eliminations + 20).
 */
DLX_API int dlx_sudoku_apply_step(dlx_sudoku_logic *g, const dlx_sudoku_step *step);

/** Whether every cell of the grid holds a digit (1) or not (0). */
DLX_API int dlx_sudoku_logic_solved(const dlx_sudoku_logic *g);

/**
 * Rates a grid by SE's method: the easiest step, again and again, until the
 * grid is solved or no technique applies.  The grid is left as the steps
 * left it.
 *
 * @param on_step called after each step is found and before it is applied
 *                (may be NULL); a non-zero return stops the rating there, as
 *                if stuck (solved 0)
 * @return as dlx_sudoku_next_step().
 * Complexity: at most 81·9 steps, each as dlx_sudoku_next_step().
 */
DLX_API int dlx_sudoku_rate(dlx_sudoku_logic *g, dlx_sudoku_rating *out,
	int (*on_step)(void *ctx, const dlx_sudoku_step *step), void *ctx, dlx_error_info *err);

/** The technique's name as players say it ("hidden single", "X-wing"); "?" if unknown. */
DLX_API const char *dlx_sudoku_technique_name(dlx_sudoku_technique t);

/** The technique's SE weight in tenths (a chain's shortest); 0 for NONE or an unknown value. */
DLX_API unsigned dlx_sudoku_technique_rating(dlx_sudoku_technique t);

/**
 * The class of a rating: "easy" (up to 2.5: hidden and naked
 * singles), "medium" (up to 3.4: locked candidates, pairs, X-wing),
 * "hard" (up to 4.4: triples, swordfish, skyscraper, kite, turbot fish, XY- and XYZ-wing), "expert" (up
 * to 5.4: quads, jellyfish; and the chains), "beyond logic" when solved is 0
 * (more than this ladder).  A static string.  The bands are those of
 * dlx_sudoku_class_range().
 */
DLX_API const char *dlx_sudoku_rating_class(unsigned rating, int solved);

/**
 * A band of ratings, for choosing puzzles by difficulty
 * (dlx_sudoku_rating_in_range(), dlx_sudoku_generate_rated()).
 */
typedef struct dlx_sudoku_rating_range {
	unsigned min;   /**< the lowest rating in tenths, of a puzzle the ladder solves */
	unsigned max;   /**< the highest (inclusive); UINT_MAX: no upper bound */
	int beyond;     /**< non-zero: the band of the puzzles the ladder does not solve (whose
	                     rating is only a lower bound); min and max are then ignored */
} dlx_sudoku_rating_range;

/**
 * The band of a class that dlx_sudoku_rating_class() names: "easy" 0..25,
 * "medium" 26..34, "hard" 35..44, "expert" 45 and up, all solved; "beyond
 * logic" (or "beyond") the puzzles the ladder does not solve.  Both
 * functions read one table, so a rating is in the band of its class and of
 * no other.
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL argument or an unknown name.
 * Complexity: O(1); allocates nothing.
 */
DLX_API int dlx_sudoku_class_range(const char *name, dlx_sudoku_rating_range *out);

/**
 * Whether a rating (dlx_sudoku_rate()) falls in a band: a solved one whose
 * rating is within min..max, or for a beyond band one that is not solved.
 * A rating that is only a lower bound (solved 0) is in no band of numbers.
 * @return 1 or 0 (0 for a NULL argument).
 */
DLX_API int dlx_sudoku_rating_in_range(const dlx_sudoku_rating *r, const dlx_sudoku_rating_range *range);

/*
 * Explained solving of other boards: the rules that generalise.
 *
 * The techniques above are tuned to classic 9x9 (its 729 candidates as
 * bitsets, SE's chains).  The first rules of the ladder are rules on any
 * exact-cover matrix of a sudoku whose constraints are all units (each of
 * N cells holding every symbol once): an item with one option left (naked
 * and hidden single, in any unit); an item whose options all cover a
 * second item (locked candidates between any two units that share two or
 * more cells: box and line, and a diagonal, window, disjoint group or
 * jigsaw region with any unit); k items whose options lie within k others
 * (naked and hidden pairs, triples and quads in any unit; X-wing,
 * swordfish and jellyfish on rows and columns).  #dlx_sudoku_glogic holds
 * those rules for every board the sudoku front end builds from units
 * alone: n²×n² (4x4 to 100x100), R×C boxes (6x6, 8x8, 12x12, ...), with X
 * (both diagonals), windoku, disjoint groups and jigsaw regions, and
 * classic 9x9 too (where dlx_sudoku_next_step() is the one to use: it has
 * the whole ladder).  Solvers with cell links (anti-knight, anti-king,
 * non-consecutive) or extras (parity, cages) are refused: their
 * constraints are not units.
 *
 * The weights are SE's for 9x9 (SE rates no other board): a hidden single
 * in a box or jigsaw region 1.2, in a row, column or extra unit 1.5; naked
 * single 2.3; locked candidates 2.6 when the unit the symbol lies in is a
 * box or region (pointing), 2.8 otherwise (claiming, and the extra
 * units'); naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple 3.6,
 * swordfish 3.8, hidden triple 4.0, naked quad 5.0, jellyfish 5.2, hidden
 * quad 5.4.  A puzzle's rating is SE's method on this ladder; when it runs
 * out, the puzzle needs a technique it lacks (SE's lightest one past it is
 * 4.0, the skyscraper), so the rating is a lower bound: the hardest step
 * taken or #DLX_SUDOKU_GRATING_BEYOND, whichever is more.
 *
 * Every rule is sound on any grid of units, unique or not.
 */

/** A board being solved by the general rules (dlx_sudoku_glogic_new()). */
typedef struct dlx_sudoku_glogic dlx_sudoku_glogic;

/** The lower bound of a puzzle the general ladder does not solve, in tenths (4.0). */
#define DLX_SUDOKU_GRATING_BEYOND 40u

/**
 * Most eliminations one general step makes: 8 per symbol of the largest
 * board, 8 · #DLX_SUDOKU_MAX_SIDE (a naked quad's four symbols in two units).
 */
#define DLX_SUDOKU_GSTEP_MAX_ELIMS 800u

/** Most units a general step names: a naked subset's common units, or a fish's 4 + 4 lines. */
#define DLX_SUDOKU_GSTEP_MAX_UNITS 8u

/** What a unit of the board is (dlx_sudoku_glogic_unit()). */
typedef enum dlx_sudoku_unit_kind {
	DLX_SUDOKU_UNIT_ROW = 0,
	DLX_SUDOKU_UNIT_COLUMN,
	DLX_SUDOKU_UNIT_BOX,
	DLX_SUDOKU_UNIT_REGION,        /**< a jigsaw region (in place of the boxes) */
	DLX_SUDOKU_UNIT_DIAGONAL,      /**< X: the main diagonal (number 1) */
	DLX_SUDOKU_UNIT_ANTI_DIAGONAL, /**< X: the anti-diagonal (number 1) */
	DLX_SUDOKU_UNIT_WINDOW,        /**< windoku's extra windows */
	DLX_SUDOKU_UNIT_DISJOINT       /**< a disjoint group: the cells at one place of their boxes */
} dlx_sudoku_unit_kind;

/**
 * One step of the general rules.  Cells are numbered row-major (r·N + c),
 * symbols 1..N, units as the solver numbers them (dlx_sudoku_glogic_unit()
 * says what each is).  The technique values are those of the 9x9 ladder:
 * HIDDEN_SINGLE_BOX (a box or region), HIDDEN_SINGLE_LINE (a row, column
 * or extra unit), NAKED_SINGLE, POINTING and CLAIMING (locked candidates),
 * the NAKED_ and HIDDEN_ subsets, X_WING, SWORDFISH, JELLYFISH.
 */
typedef struct dlx_sudoku_gstep {
	dlx_sudoku_technique technique;
	unsigned rating;          /**< the technique's weight in tenths */
	unsigned n_units;         /**< hidden single 1 (its unit); naked single 0; locked
	                               candidates 2 (the unit the symbol lies in, then the one it
	                               leaves); naked subsets the units all its cells share; hidden
	                               subsets 1; fish k base lines then k cover lines */
	unsigned units[DLX_SUDOKU_GSTEP_MAX_UNITS];
	unsigned n_digits;        /**< the pattern's symbols: 1 for singles, locked candidates and
	                               fish, k for subsets */
	unsigned digits[4];       /**< increasing */
	unsigned n_cells;         /**< a single's cell, a subset's k cells; fish and locked
	                               candidates none (their units say it) */
	uint32_t cells[4];
	uint32_t place_cell;      /**< the placement, if place_digit is not 0 */
	unsigned place_digit;     /**< the symbol placed (singles), or 0 */
	unsigned n_elims;         /**< candidates removed (none for singles) */
	uint32_t elim_cell[DLX_SUDOKU_GSTEP_MAX_ELIMS];
	uint8_t elim_digit[DLX_SUDOKU_GSTEP_MAX_ELIMS];
} dlx_sudoku_gstep;

/**
 * Makes a general grid for the solver's board: its side and units, copied
 * (the solver may be freed afterwards).  Every cell starts with every
 * candidate; dlx_sudoku_glogic_set() puts a puzzle on it.
 *
 * @param s   a solver of dlx_sudoku_new(), _new_shape() or _new_board() whose
 *            constraints are all units
 * @param out the grid, freed by dlx_sudoku_glogic_free()
 * @param err (may be NULL) why a solver was refused
 * @return #DLX_OK; #DLX_ERR_INVALID for NULL arguments, or a solver with
 *         cell links or extras ("explained solving needs a board of units:
 *         anti-knight, anti-king, non-consecutive, parity and cages are
 *         not"); #DLX_ERR_NOMEM.
 * Complexity: O(N²·U + K²) for U units a cell has (at most 7) and K units;
 * about 36·N² + 4·K·N bytes, and 8 per ordered pair of units that share
 * cells.
 */
DLX_API int dlx_sudoku_glogic_new(const dlx_sudoku *s, dlx_sudoku_glogic **out, dlx_error_info *err);

/** Frees a grid (NULL is a no-op). */
DLX_API void dlx_sudoku_glogic_free(dlx_sudoku_glogic *g);

/** The board's side N. */
DLX_API unsigned dlx_sudoku_glogic_side(const dlx_sudoku_glogic *g);

/**
 * What unit u of the grid is, and its number among its kind (1-based) in
 * *number (may be NULL): row 3 is (#DLX_SUDOKU_UNIT_ROW, 3).  A unit out of
 * range is reported as row 0.
 */
DLX_API dlx_sudoku_unit_kind dlx_sudoku_glogic_unit(const dlx_sudoku_glogic *g, unsigned u, unsigned *number);

/**
 * Puts a puzzle on the grid, as dlx_sudoku_logic_init() does on 9x9.
 *
 * @param givens N² symbols 0..N (0 blank), or NULL when marks is given
 * @param marks  N²·N bytes, non-zero when symbol d + 1 is a candidate of cell
 *               c at c·N + d, or NULL.  A given, and a cell with one mark, is
 *               placed and leaves its peers' candidates.
 * @return #DLX_OK; #DLX_ERR_INVALID for NULL arguments or a symbol above N;
 *         #DLX_ERR_CONFLICT for clashing givens, a given not among its
 *         marks or a cell left without candidates ("r1c1 and r1c5 both hold
 *         3", "r2c2 has no candidate left").
 * Complexity: O(N²·(N + U·N)); allocates nothing.
 */
DLX_API int dlx_sudoku_glogic_set(dlx_sudoku_glogic *g, const uint8_t *givens, const uint8_t *marks,
	dlx_error_info *err);

/** The symbol placed in a cell (1..N) or 0. */
DLX_API unsigned dlx_sudoku_glogic_value(const dlx_sudoku_glogic *g, uint32_t cell);

/** Whether symbol d (1..N) is a candidate of an empty cell (1) or not (0). */
DLX_API int dlx_sudoku_glogic_has(const dlx_sudoku_glogic *g, uint32_t cell, unsigned d);

/** Whether every cell holds a symbol (1) or not (0). */
DLX_API int dlx_sudoku_glogic_solved(const dlx_sudoku_glogic *g);

/**
 * Finds the easiest step of the general ladder (the lowest weight; ties in
 * the order of the units, symbols and cells scanned).  Uses the grid's
 * scratch space, so the grid is not const; its candidates are unchanged.
 *
 * @param max_rating only techniques up to this weight in tenths
 * @param step       set to the step; #DLX_SUDOKU_TECH_NONE when the grid is
 *                   solved or no rule applies
 * @return #DLX_OK; #DLX_ERR_INVALID for NULL arguments; #DLX_ERR_CONFLICT
 *         when the grid is broken ("r4c4 has no candidate left", "7 has no
 *         place left in box 5").
 * Complexity, for side N and K units (3N, and the variant's): the singles
 * O(K·N) word operations; locked candidates O(P·N) for the P ordered pairs
 * of units sharing two or more cells (O(N^1.5) on n²×n² boards); subsets
 * and fish a search of the k-sets (k ≤ 4) of a unit's cells or symbols, or
 * of a symbol's rows or columns, whose union stays within k members:
 * O(K·C(N,4)) at worst, pruned by the candidates, and tried only when
 * nothing easier applies.  Polynomial in N; allocates nothing.
 */
DLX_API int dlx_sudoku_glogic_next_step(dlx_sudoku_glogic *g, unsigned max_rating, dlx_sudoku_gstep *step,
	dlx_error_info *err);

/**
 * Applies a step: removes its eliminations, then makes its placement (which
 * removes the symbol from the cell's peers).
 * @return #DLX_OK; #DLX_ERR_INVALID for NULL arguments, a cell or symbol out
 *         of range, or a placement of a symbol that is not a candidate.
 * Complexity: O(eliminations + U·N).
 */
DLX_API int dlx_sudoku_glogic_apply_step(dlx_sudoku_glogic *g, const dlx_sudoku_gstep *step);

/**
 * Rates the grid by SE's method on the general ladder, as dlx_sudoku_rate()
 * does on 9x9: when the ladder runs out, solved is 0 and the rating the
 * hardest step taken or #DLX_SUDOKU_GRATING_BEYOND, whichever is more.
 * dlx_sudoku_rating_class() names the result's class as on 9x9.
 *
 * @param on_step as dlx_sudoku_rate()'s (may be NULL)
 * @return as dlx_sudoku_glogic_next_step().
 * Complexity: at most N²·N steps, each as dlx_sudoku_glogic_next_step().
 */
DLX_API int dlx_sudoku_glogic_rate(dlx_sudoku_glogic *g, dlx_sudoku_rating *out,
	int (*on_step)(void *ctx, const dlx_sudoku_gstep *step), void *ctx, dlx_error_info *err);

#ifdef __cplusplus
}
#endif

#endif
