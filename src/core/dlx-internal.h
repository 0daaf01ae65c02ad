/* Library internals shared with the tests; not installed. */
#ifndef DLX_INTERNAL_H
#define DLX_INTERNAL_H

#include <stdbool.h>

#include "dlx.h"

/*
 * Knuth-style sanity check of the links: every active list is doubly linked
 * and every item's len matches its vertical list.  Returns 0, or -1 with
 * *what set to a description.  O(nodes); for tests and debugging.
 */
int dlx__check(const dlx_problem *p, const char **what);

/*
 * Where a depth-limited walk of the search tree hands its leaves: every node
 * at depth `depth`, and every solution above it.  add() gets the options
 * chosen on the path (not the forced ones) and the path's share of the tree
 * (the product of 1/len of its levels); a non-zero return stops the walk
 * with that error.  The walk sets `deeper` when some leaf was cut at depth
 * (so a deeper walk would find more).
 */
struct dlx__leaf_sink {
	size_t depth;
	bool deeper;
	int (*add)(struct dlx__leaf_sink *sink, const size_t *path, size_t n, double share);
};

/*
 * Walks the tree of p (forced options applied) down to sink->depth; *st
 * gets the walk's statistics, its leaves counted among its nodes.  Of
 * params (may be NULL) only on_poll, poll_ctx and poll_interval are used:
 * a poll that returns non-zero stops the walk (st->stop = DLX_STOP_POLL).
 */
int dlx__walk_leaves(dlx_problem *p, struct dlx__leaf_sink *sink, const dlx_search_params *params, dlx_stats *st);

/*
 * How the search finds its item (see choose_item() in dlx-search.c): -1 chooses by
 * the problem's shape (the default), 0 scans the active items, 1 keeps a
 * byte map of the items with at most one option.  Both choose the same items,
 * so tests can run a search both ways and compare node counts.
 */
void dlx__set_tracking(dlx_problem *p, int mode);

/*
 * dlx_search() with its counters starting at start's solutions, nodes and
 * updates instead of 0: the tests reach the overflow checks this way.
 */
int dlx__search_from(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, const dlx_stats *start);

/* Releases forced options until only the first `keep` remain. */
void dlx__release_to(dlx_problem *p, size_t keep);

#ifdef DLX_COUNT_SCANS
/* Test builds only: the reads of the heuristic and of the progress estimate so far (see dlx-problem.h). */
uint64_t dlx__scans(const dlx_problem *p);
#endif

#endif
