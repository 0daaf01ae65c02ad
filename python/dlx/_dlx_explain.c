/*
 * The explainer half of dlx._dlx: a classic 9x9 puzzle solved by the
 * techniques of libdlx-sudoku's ladder (dlx-sudoku-explain.h), each step
 * as data and as the line dlx-sudoku --explain prints, and the rating.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "_dlx.h"
#include "dlx-sudoku-explain.h"
#include "sudoku-steps.h"

/* Every step of one rating: at most one per candidate, as each removes one or more. */
struct steps {
	dlx_sudoku_step *s;
	size_t n;
};
#define STEPS_MAX (DLX_SUDOKU_EXPLAIN_CELLS * 9u)

static int keep_step(void *ctx, const dlx_sudoku_step *step)
{
	struct steps *st = ctx;
	if (st->n == STEPS_MAX)
		return 1; /* cannot happen: each step removes a candidate; stopping says "stuck" rather than overrun */
	st->s[st->n++] = *step;
	return 0;
}

/* [(row, column, digit)], 1-based as the text writes them. */
static PyObject *cells_list(unsigned n, const uint8_t *cell, const uint8_t *digit)
{
	PyObject *l = PyList_New((Py_ssize_t)n);
	for (unsigned k = 0; l && k < n; k++) {
		PyObject *t = Py_BuildValue("(III)", cell[k] / 9u + 1, cell[k] % 9u + 1, (unsigned)digit[k]);
		if (!t) {
			Py_CLEAR(l);
			break;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)k, t);
	}
	return l;
}

/* (technique, rating, placements, eliminations, text) */
static PyObject *step_tuple(const dlx_sudoku_step *s)
{
	char text[SUDOKU_STEP_TEXT_MAX];
	size_t len = sudoku_step_text(text, s);
	if (len && text[len - 1] == '\n')
		len--;
	PyObject *place = cells_list(s->place_digit ? 1 : 0, &s->place_cell, &s->place_digit);
	PyObject *elims = cells_list(s->n_elims, s->elim_cell, s->elim_digit);
	PyObject *t = NULL;
	if (place && elims)
		t = Py_BuildValue("(sIOOs#)", dlx_sudoku_technique_name(s->technique), s->rating, place, elims, text,
			(Py_ssize_t)len);
	Py_XDECREF(place);
	Py_XDECREF(elims);
	return t;
}

PyObject *dlxpy_sudoku_explain(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer cells;
	if (!PyArg_ParseTuple(args, "y*", &cells))
		return NULL;
	if (cells.len != DLX_SUDOKU_EXPLAIN_CELLS) {
		PyBuffer_Release(&cells);
		PyErr_SetString(PyExc_ValueError, "the explainer knows classic 9x9 sudoku only (81 cells)");
		return NULL;
	}
	dlx_sudoku_logic g;
	dlx_error_info err;
	int rc = dlx_sudoku_logic_init(cells.buf, NULL, &g, &err);
	PyBuffer_Release(&cells);
	if (rc)
		return dlxpy_set_error(rc, &err), NULL;
	/* The caller has checked that the puzzle has one solution: the uniqueness techniques hold. */
	g.unique = 1;
	struct steps st = { malloc(STEPS_MAX * sizeof *st.s), 0 };
	if (!st.s)
		return PyErr_NoMemory();
	dlx_sudoku_rating r;
	Py_BEGIN_ALLOW_THREADS
	rc = dlx_sudoku_rate(&g, &r, keep_step, &st, &err);
	Py_END_ALLOW_THREADS
	PyObject *list = NULL;
	if (rc) {
		dlxpy_set_error(rc, &err);
	} else {
		list = PyList_New((Py_ssize_t)st.n);
		for (size_t k = 0; list && k < st.n; k++) {
			PyObject *t = step_tuple(&st.s[k]);
			if (!t)
				Py_CLEAR(list);
			else
				PyList_SET_ITEM(list, (Py_ssize_t)k, t);
		}
	}
	free(st.s);
	if (!list)
		return NULL;
	return Py_BuildValue("(NIOs)", list, r.rating, r.solved ? Py_True : Py_False,
		dlx_sudoku_rating_class(r.rating, r.solved));
}
