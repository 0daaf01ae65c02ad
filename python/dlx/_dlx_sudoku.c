/*
 * The sudoku half of dlx._dlx: a solver per board shape on libdlx-sudoku
 * (solve, grade, generate, with the GIL released), and puzzles as text
 * through the sudoku text reader and writer that dlx-sudoku uses, so the
 * package reads every format the program reads, with its messages.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdio.h>
#include <string.h>

#include "_dlx.h"
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "sudoku-names.h"
#include "sudoku-read.h"
#include "sudoku-write.h"

typedef struct {
	PyObject_HEAD
	dlx_sudoku *s;
	bool busy; /* a search runs on it with the GIL released */
} Solver;

static int solver_init(Solver *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "box", "flags", "regions", NULL };
	unsigned box, flags;
	PyObject *regions = Py_None;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "II|O", kwlist, &box, &flags, &regions))
		return -1;
	if (self->s) {
		PyErr_SetString(PyExc_RuntimeError, "SudokuSolver already initialised");
		return -1;
	}
	dlx_sudoku_shape shape = DLX_SUDOKU_SHAPE_INIT;
	shape.box = box;
	shape.flags = flags;
	if (regions != Py_None) {
		if (!PyBytes_Check(regions)) {
			PyErr_SetString(PyExc_TypeError, "regions must be bytes or None");
			return -1;
		}
		if (box < DLX_SUDOKU_MIN_BOX || box > DLX_SUDOKU_MAX_BOX ||
		    PyBytes_GET_SIZE(regions) != (Py_ssize_t)box * box * box * box) {
			PyErr_SetString(PyExc_ValueError, "the region map is not of the board's size");
			return -1;
		}
		shape.regions = (const uint8_t *)PyBytes_AS_STRING(regions);
	}
	dlx_error_info err;
	int rc;
	Py_BEGIN_ALLOW_THREADS
	rc = dlx_sudoku_new_shape(&shape, &self->s, &err);
	Py_END_ALLOW_THREADS
	if (rc)
		return dlxpy_set_error(rc, &err);
	/* As dlx-sudoku's default: boards past 25x25 that dancing links do not answer within a budget go to the local search and the SAT engine. */
	rc = dlx_sudoku_set_engine(self->s, DLX_SUDOKU_ENGINE_AUTO, 0);
	if (rc)
		return dlxpy_set_error(rc, NULL);
	return 0;
}

static void solver_dealloc(Solver *self)
{
	dlx_sudoku_free(self->s);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The givens, checked against the solver's board; NULL with an exception. */
static const uint8_t *solver_cells(Solver *self, PyObject *cells)
{
	if (!self->s) {
		PyErr_SetString(PyExc_RuntimeError, "SudokuSolver not initialised");
		return NULL;
	}
	if (!PyBytes_Check(cells) || (size_t)PyBytes_GET_SIZE(cells) != dlx_sudoku_cells(self->s)) {
		PyErr_Format(PyExc_ValueError, "%ux%u boards have %zu cells", dlx_sudoku_side(self->s),
			     dlx_sudoku_side(self->s), dlx_sudoku_cells(self->s));
		return NULL;
	}
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
		return NULL;
	}
	return (const uint8_t *)PyBytes_AS_STRING(cells);
}

/* The message of refused givens, or None. */
static PyObject *conflict_or_none(int rc, const dlx_error_info *err)
{
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID)
		return PyUnicode_FromString(err->message[0] ? err->message : dlx_strerror(rc));
	Py_RETURN_NONE;
}

/*
 * solve(cells, limit, node_limit, time_limit, threads)
 *   -> (solutions, first solution or None, stop, conflict or None, stats)
 */
static PyObject *solver_solve(Solver *self, PyObject *args)
{
	PyObject *cells;
	unsigned long long limit, node_limit;
	double time_limit;
	unsigned threads;
	if (!PyArg_ParseTuple(args, "OKKdI", &cells, &limit, &node_limit, &time_limit, &threads))
		return NULL;
	const uint8_t *givens = solver_cells(self, cells);
	if (!givens)
		return NULL;
	PyObject *sol = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)dlx_sudoku_cells(self->s));
	if (!sol)
		return NULL;
	struct dlxpy_poll pc;
	dlxpy_poll_init(&pc, time_limit);
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = limit;
	sp.node_limit = node_limit;
	sp.threads = threads;
	dlx_search_params poll = DLX_SEARCH_PARAMS_INIT;
	dlxpy_poll_params(&pc, &poll);
	sp.on_poll = poll.on_poll;
	sp.poll_ctx = poll.poll_ctx;
	sp.poll_interval = poll.poll_interval;
	dlx_sudoku_result res;
	dlx_error_info err;
	int rc;
	self->busy = true;
	pc.tstate = PyEval_SaveThread();
	rc = dlx_sudoku_solve(self->s, givens, &sp, (uint8_t *)PyBytes_AS_STRING(sol), &res, &err);
	PyEval_RestoreThread(pc.tstate);
	pc.tstate = NULL;
	self->busy = false;
	if (pc.interrupted) {
		Py_DECREF(sol);
		return NULL;
	}
	if (rc && rc != DLX_ERR_CONFLICT && rc != DLX_ERR_INVALID) {
		Py_DECREF(sol);
		return dlxpy_set_error(rc, &err), NULL;
	}
	const char *stop = rc ? "conflict" : dlxpy_stop_name(res.stats.stop, &pc);
	PyObject *first = sol;
	if (rc || res.stats.solutions == 0) {
		Py_DECREF(sol);
		first = Py_None;
		Py_INCREF(first);
	}
	PyObject *conflict = conflict_or_none(rc, &err);
	PyObject *stats = dlxpy_stats_tuple(&res.stats, stop);
	PyObject *r = NULL;
	if (conflict && stats)
		r = Py_BuildValue("(KOsOO)", (unsigned long long)res.stats.solutions, first, stop, conflict, stats);
	Py_DECREF(first);
	Py_XDECREF(conflict);
	Py_XDECREF(stats);
	return r;
}

/* grade(cells, node_limit, time_limit) -> (grade or None, solutions, guesses, stop, conflict or None) */
static PyObject *solver_grade(Solver *self, PyObject *args)
{
	PyObject *cells;
	unsigned long long node_limit;
	double time_limit;
	if (!PyArg_ParseTuple(args, "OKd", &cells, &node_limit, &time_limit))
		return NULL;
	const uint8_t *givens = solver_cells(self, cells);
	if (!givens)
		return NULL;
	struct dlxpy_poll pc;
	dlxpy_poll_init(&pc, time_limit);
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.node_limit = node_limit;
	dlx_search_params poll = DLX_SEARCH_PARAMS_INIT;
	dlxpy_poll_params(&pc, &poll);
	sp.on_poll = poll.on_poll;
	sp.poll_ctx = poll.poll_ctx;
	sp.poll_interval = poll.poll_interval;
	dlx_sudoku_result res;
	dlx_error_info err;
	uint64_t grade = 0;
	int rc;
	self->busy = true;
	pc.tstate = PyEval_SaveThread();
	rc = dlx_sudoku_grade(self->s, givens, &sp, &grade, &res, &err);
	PyEval_RestoreThread(pc.tstate);
	pc.tstate = NULL;
	self->busy = false;
	if (pc.interrupted)
		return NULL;
	if (rc && rc != DLX_ERR_CONFLICT && rc != DLX_ERR_INVALID)
		return dlxpy_set_error(rc, &err), NULL;
	const char *stop = rc ? "conflict" : dlxpy_stop_name(res.stats.stop, &pc);
	bool graded = !rc && res.stats.solutions == 1 && res.stats.stop == DLX_STOP_COMPLETE;
	PyObject *g = graded ? PyLong_FromUnsignedLongLong(grade) : (Py_INCREF(Py_None), Py_None);
	PyObject *conflict = conflict_or_none(rc, &err);
	PyObject *r = NULL;
	if (g && conflict)
		r = Py_BuildValue("(OKKsO)", g, (unsigned long long)res.stats.solutions,
				  (unsigned long long)res.stats.branches, stop, conflict);
	Py_XDECREF(g);
	Py_XDECREF(conflict);
	return r;
}

/*
 * generate(seed, sequence, clues, symmetric, node_limit, time_limit)
 *   -> (puzzle or None, solution or None, clues, minimal, stop)
 */
static PyObject *solver_generate(Solver *self, PyObject *args)
{
	unsigned long long seed, sequence, node_limit;
	Py_ssize_t clues;
	int symmetric;
	double time_limit;
	if (!PyArg_ParseTuple(args, "KKnpKd", &seed, &sequence, &clues, &symmetric, &node_limit, &time_limit))
		return NULL;
	if (!self->s) {
		PyErr_SetString(PyExc_RuntimeError, "SudokuSolver not initialised");
		return NULL;
	}
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
		return NULL;
	}
	if (clues < 0) {
		PyErr_SetString(PyExc_ValueError, "clues must be 0 or more");
		return NULL;
	}
	Py_ssize_t n = (Py_ssize_t)dlx_sudoku_cells(self->s);
	PyObject *puzzle = PyBytes_FromStringAndSize(NULL, n), *solution = PyBytes_FromStringAndSize(NULL, n);
	if (!puzzle || !solution) {
		Py_XDECREF(puzzle);
		Py_XDECREF(solution);
		return NULL;
	}
	struct dlxpy_poll pc;
	dlxpy_poll_init(&pc, time_limit);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = seed;
	gp.sequence = sequence;
	gp.clues = (size_t)clues;
	gp.symmetric = (unsigned)symmetric;
	gp.node_limit = node_limit;
	dlx_search_params poll = DLX_SEARCH_PARAMS_INIT;
	dlxpy_poll_params(&pc, &poll);
	gp.on_poll = poll.on_poll;
	gp.poll_ctx = poll.poll_ctx;
	gp.poll_interval = poll.poll_interval;
	dlx_sudoku_gen_result res;
	dlx_error_info err;
	int rc;
	self->busy = true;
	pc.tstate = PyEval_SaveThread();
	rc = dlx_sudoku_generate(self->s, &gp, (uint8_t *)PyBytes_AS_STRING(puzzle),
				 (uint8_t *)PyBytes_AS_STRING(solution), &res, &err);
	PyEval_RestoreThread(pc.tstate);
	pc.tstate = NULL;
	self->busy = false;
	if (pc.interrupted || rc) {
		Py_DECREF(puzzle);
		Py_DECREF(solution);
		if (pc.interrupted)
			return NULL;
		return dlxpy_set_error(rc, &err), NULL;
	}
	if (res.clues == 0) {
		Py_DECREF(puzzle);
		Py_DECREF(solution);
		puzzle = solution = Py_None;
		Py_INCREF(Py_None);
		Py_INCREF(Py_None);
	}
	PyObject *r = Py_BuildValue("(OOnOs)", puzzle, solution, (Py_ssize_t)res.clues,
				    res.minimal ? Py_True : Py_False, dlxpy_stop_name(res.stop, &pc));
	Py_DECREF(puzzle);
	Py_DECREF(solution);
	return r;
}

static PyObject *solver_side(Solver *self, void *unused)
{
	(void)unused;
	return PyLong_FromUnsignedLong(self->s ? dlx_sudoku_side(self->s) : 0);
}

static PyMethodDef solver_methods[] = {
	{ "solve", (PyCFunction)solver_solve, METH_VARARGS,
	  "solve(cells, limit, node_limit, time_limit, threads) -> (solutions, first, stop, conflict, stats)" },
	{ "grade", (PyCFunction)solver_grade, METH_VARARGS,
	  "grade(cells, node_limit, time_limit) -> (grade, solutions, guesses, stop, conflict)" },
	{ "generate", (PyCFunction)solver_generate, METH_VARARGS,
	  "generate(seed, sequence, clues, symmetric, node_limit, time_limit) -> (puzzle, solution, clues, minimal, stop)" },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef solver_getset[] = {
	{ "side", (getter)solver_side, NULL, "the board's side N", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject SolverType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx._dlx.SudokuSolver",
	.tp_basicsize = sizeof(Solver),
	.tp_dealloc = (destructor)solver_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "SudokuSolver(box, flags, regions=None): libdlx-sudoku's solver of one board shape "
		  "(internal: use dlx.sudoku)",
	.tp_methods = solver_methods,
	.tp_getset = solver_getset,
	.tp_init = (initproc)solver_init,
	.tp_new = PyType_GenericNew,
};

int dlxpy_sudoku_ready(void)
{
	return PyType_Ready(&SolverType);
}

int dlxpy_sudoku_add(PyObject *m)
{
	Py_INCREF(&SolverType);
	if (PyModule_AddObject(m, "SudokuSolver", (PyObject *)&SolverType) < 0) {
		Py_DECREF(&SolverType);
		return -1;
	}
	return PyModule_AddIntConstant(m, "SUDOKU_X", DLX_SUDOKU_X) < 0 ||
			       PyModule_AddIntConstant(m, "SUDOKU_WINDOKU", DLX_SUDOKU_WINDOKU) < 0 ||
			       PyModule_AddIntConstant(m, "SUDOKU_MIN_BOX", DLX_SUDOKU_MIN_BOX) < 0 ||
			       PyModule_AddIntConstant(m, "SUDOKU_MAX_BOX", DLX_SUDOKU_MAX_BOX) < 0
		       ? -1
		       : 0;
}

static const char *alphabet_name(enum sudoku_alphabet a)
{
	switch (a) {
	case SUDOKU_ALPHA_LETTERS: return "letters";
	case SUDOKU_ALPHA_HEX: return "hex";
	case SUDOKU_ALPHA_ALNUM: return "alnum";
	default: return "auto";
	}
}

/* A stream over the bytes of buf (an empty one reads as empty). */
static FILE *open_bytes(Py_buffer *buf)
{
	return buf->len ? fmemopen(buf->buf, (size_t)buf->len, "r") : fopen("/dev/null", "r");
}

/*
 * sudoku_read(data, format, alphabet, regions) -> a list of
 * (box, cells, line, format, alphabet, spaced, regions or None, note or
 * None), every puzzle of data; regions true: each is followed by its
 * jigsaw map.  The note says how the reader guessed where the guess could
 * be wrong (dlx-sudoku prints it on stderr).
 */
PyObject *dlxpy_sudoku_read(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer buf;
	const char *fmt_name, *alpha_name;
	int with_regions;
	if (!PyArg_ParseTuple(args, "y*ssp", &buf, &fmt_name, &alpha_name, &with_regions))
		return NULL;
	enum sudoku_format fmt;
	enum sudoku_alphabet alpha;
	if (!sudoku_format_parse(fmt_name, &fmt)) {
		PyBuffer_Release(&buf);
		return PyErr_Format(PyExc_ValueError, "unknown format '%s'", fmt_name);
	}
	if (!sudoku_alphabet_parse(alpha_name, &alpha)) {
		PyBuffer_Release(&buf);
		return PyErr_Format(PyExc_ValueError, "unknown alphabet '%s'", alpha_name);
	}
	FILE *in = open_bytes(&buf);
	struct sudoku_reader *r = in ? sudoku_reader_new(in, fmt, alpha) : NULL;
	PyObject *list = PyList_New(0);
	if (!r || !list) {
		if (in)
			fclose(in);
		sudoku_reader_free(r);
		PyBuffer_Release(&buf);
		Py_XDECREF(list);
		return PyErr_NoMemory();
	}
	if (with_regions)
		sudoku_reader_expect_regions(r);
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	int rc;
	while ((rc = sudoku_reader_next(r, &pz, &err)) == 1) {
		Py_ssize_t n = (Py_ssize_t)pz.side * pz.side;
		/* The binding's boards are n x n boxes; the reader also knows R x C ones (dlx-sudoku --box). */
		if (pz.box_rows != pz.box_cols) {
			PyErr_Format(PyExc_ValueError, "line %zu: the board is %ux%u with %ux%u boxes: the Python binding "
				     "reads boards of square boxes only", pz.line, pz.side, pz.side, pz.box_rows,
				     pz.box_cols);
			rc = -100;
			break;
		}
		/*
		 * Pencil marks are read as the cells with one candidate: solving those
		 * alone would answer another puzzle (more solutions), silently.
		 */
		if (pz.marks) {
			PyErr_Format(PyExc_ValueError, "line %zu: a puzzle of pencil marks (%s format): the Python "
				     "binding does not take them yet (dlx-sudoku does)", pz.line,
				     sudoku_format_name(pz.format));
			rc = -100;
			break;
		}
		PyObject *regions = pz.regions ? PyBytes_FromStringAndSize((const char *)pz.regions, n)
					       : (Py_INCREF(Py_None), Py_None);
		PyObject *item = regions ? Py_BuildValue("(Iy#nssOOz)", pz.box_rows, (const char *)pz.cells, n,
							 (Py_ssize_t)pz.line, sudoku_format_name(pz.format),
							 alphabet_name(pz.alphabet), pz.spaced ? Py_True : Py_False,
							 regions, pz.note)
					 : NULL;
		Py_XDECREF(regions);
		if (!item || PyList_Append(list, item) < 0) {
			Py_XDECREF(item);
			rc = -100;
			break;
		}
		Py_DECREF(item);
	}
	sudoku_reader_free(r);
	fclose(in);
	PyBuffer_Release(&buf);
	if (rc == -100) {
		Py_DECREF(list);
		return NULL;
	}
	if (rc < 0) {
		Py_DECREF(list);
		if (rc == DLX_ERR_SYNTAX) {
			dlxpy_raise_format(err.line, err.message);
			return NULL;
		}
		dlx_error_info info = { err.line, "" };
		memcpy(info.message, err.message, sizeof info.message);
		return dlxpy_set_error(rc, &info), NULL;
	}
	return list;
}

/* sudoku_read_regions(data, alphabet) -> (box, map): a file holding one jigsaw map. */
PyObject *dlxpy_sudoku_read_regions(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer buf;
	const char *alpha_name;
	if (!PyArg_ParseTuple(args, "y*s", &buf, &alpha_name))
		return NULL;
	enum sudoku_alphabet alpha;
	if (!sudoku_alphabet_parse(alpha_name, &alpha)) {
		PyBuffer_Release(&buf);
		return PyErr_Format(PyExc_ValueError, "unknown alphabet '%s'", alpha_name);
	}
	static uint8_t map[DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX];
	unsigned box = 0, side = 0;
	struct sudoku_read_error err;
	FILE *in = open_bytes(&buf);
	/* map is static: the GIL, held throughout, keeps it one caller's. */
	int rc = in ? sudoku_read_region_map(in, alpha, NULL, map, &side, &err) : DLX_ERR_NOMEM;
	while (box * box < side)
		box++;
	if (!rc && box * box != side) {
		if (in)
			fclose(in);
		PyBuffer_Release(&buf);
		return PyErr_Format(PyExc_ValueError, "the region map is %ux%u: the Python binding reads boards of square boxes only",
				    side, side);
	}
	if (in)
		fclose(in);
	PyBuffer_Release(&buf);
	if (rc == DLX_ERR_SYNTAX) {
		dlxpy_raise_format(err.line, err.message);
		return NULL;
	}
	if (rc)
		return dlxpy_set_error(rc, NULL), NULL;
	return Py_BuildValue("(Iy#)", box, (const char *)map, (Py_ssize_t)box * box * box * box);
}

/* sudoku_write(board, box, layout, alphabet) -> the board as text, without the last newline. */
PyObject *dlxpy_sudoku_write(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer board;
	unsigned box;
	const char *layout_name, *alpha_name;
	if (!PyArg_ParseTuple(args, "y*Iss", &board, &box, &layout_name, &alpha_name))
		return NULL;
	enum sudoku_layout layout;
	enum sudoku_alphabet alpha;
	PyObject *r = NULL;
	if (!sudoku_layout_parse(layout_name, &layout)) {
		PyErr_Format(PyExc_ValueError, "unknown layout '%s'", layout_name);
	} else if (!sudoku_alphabet_parse(alpha_name, &alpha)) {
		PyErr_Format(PyExc_ValueError, "unknown alphabet '%s'", alpha_name);
	} else if (box < DLX_SUDOKU_MIN_BOX || box > DLX_SUDOKU_MAX_BOX ||
		   board.len != (Py_ssize_t)box * box * box * box) {
		PyErr_SetString(PyExc_ValueError, "the board is not of its box size");
	} else {
		if (alpha == SUDOKU_ALPHA_AUTO)
			alpha = SUDOKU_ALPHA_ALNUM;
		const uint8_t *b = board.buf;
		bool ok = true;
		for (Py_ssize_t k = 0; k < board.len; k++)
			ok &= b[k] <= box * box;
		size_t size = sudoku_write_size(layout, alpha, box, box);
		if (!ok) {
			PyErr_SetString(PyExc_ValueError, "a digit is above the board's side");
		} else if (size == 0) {
			PyErr_Format(PyExc_ValueError, "the %s alphabet cannot write %ux%u boards", alphabet_name(alpha),
				     box * box, box * box);
		} else {
			char *text = PyMem_Malloc(size);
			if (!text) {
				PyErr_NoMemory();
			} else {
				size_t n = sudoku_write(text, layout, alpha, box, box, b);
				while (n > 0 && text[n - 1] == '\n')
					n--;
				r = PyUnicode_FromStringAndSize(text, (Py_ssize_t)n);
				PyMem_Free(text);
			}
		}
	}
	PyBuffer_Release(&board);
	return r;
}
