/*
 * Compiled as C99 with -pedantic-errors (and, as test-headers.cpp, as C++):
 * the public headers must not need C11 or GNU extensions from their users.
 */
#include "dlx-ec.h"
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku-grid.h"
#include "dlx-sudoku.h"
#include "dlx.h"
#include <string.h>

int main(void)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	dlx_problem *p = dlx_problem_new(1, 1);
	size_t items[2] = { 0, 1 };
	uint32_t colors[2] = { 0, 1 };
	dlx_stats st;
	int ok = p && dlx_add_option_colored(p, items, colors, 2) == 0 && dlx_has_colors(p) &&
		 dlx_search(p, &sp, &st) == DLX_OK && st.solutions == 1 &&
		 strcmp(dlx_strerror(DLX_ERR_NOMEM), "out of memory") == 0;
	dlx_problem_free(p);

	/* The sudoku layer's initialisers and a 4x4 puzzle made and solved. */
	dlx_sudoku_shape shape = DLX_SUDOKU_SHAPE_INIT;
	dlx_sudoku_params sud = DLX_SUDOKU_PARAMS_INIT;
	dlx_sudoku_gen_params gen = DLX_SUDOKU_GEN_PARAMS_INIT;
	dlx_sudoku_gen_result gres;
	dlx_sudoku_result res;
	dlx_error_info err;
	dlx_sudoku *s = NULL;
	uint8_t puzzle[16], solution[16];
	shape.box = 2;
	sud.limit = 2;
	ok = ok && dlx_sudoku_new_shape(&shape, &s, NULL) == DLX_OK &&
	     dlx_sudoku_generate(s, &gen, puzzle, NULL, &gres, NULL) == DLX_OK &&
	     dlx_sudoku_solve(s, puzzle, &sud, solution, &res, &err) == DLX_OK && res.stats.solutions == 1 &&
	     err.message[0] == '\0' && strcmp(dlx_version(), DLX_VERSION) == 0;
	dlx_sudoku_free(s);

	/* A 6x6 board of 2x3 boxes, with a symmetric puzzle. */
	dlx_sudoku_board board = DLX_SUDOKU_BOARD_INIT;
	uint8_t p6[36], s6[36];
	board.box_rows = 2;
	board.box_cols = 3;
	gen.symmetric = DLX_SUDOKU_SYM_ROTATE90;
	s = NULL;
	ok = ok && dlx_sudoku_new_board(&board, &s, NULL) == DLX_OK && dlx_sudoku_side(s) == 6 &&
	     dlx_sudoku_generate(s, &gen, p6, NULL, &gres, NULL) == DLX_OK &&
	     dlx_sudoku_solve(s, p6, &sud, s6, &res, NULL) == DLX_OK && res.stats.solutions == 1;
	dlx_sudoku_free(s);

	/* A grid of one row of 4 cells, a unit, and a pair in it at most once: 4! fillings. */
	uint32_t row[4] = { 0, 1, 2, 3 }, pair[2] = { 0, 1 };
	dlx_sudoku_grid_unit units[2] = { { row, 4, DLX_SUDOKU_GRID_ONCE }, { pair, 2, DLX_SUDOKU_GRID_AT_MOST } };
	dlx_sudoku_grid_desc desc = { 1, 4, 4, NULL, units, 2 };
	dlx_sudoku_grid *g = NULL;
	uint8_t blank[4] = { 0, 0, 0, 0 };
	sud.limit = 0;
	ok = ok && dlx_sudoku_grid_new(&desc, &g, NULL) == DLX_OK &&
	     dlx_sudoku_grid_solve(g, blank, &sud, NULL, &res, NULL) == DLX_OK && res.stats.solutions == 24;
	dlx_sudoku_grid_free(g);
	return ok ? 0 : 1;
}
