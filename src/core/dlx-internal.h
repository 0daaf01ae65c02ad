/* Library internals shared with the tests; not installed. */
#ifndef DLX_INTERNAL_H
#define DLX_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

/*
 * Knuth-style sanity check of the links: every active list is doubly linked
 * and every item's len matches its vertical list.  Returns 0, or -1 with
 * *what set to a description.  O(nodes); for tests and debugging.
 */
int dlx__check(const dlx_problem *p, const char **what);

/* Whether a dlx_iter of p is live (p must not be searched then).  In dlx-search.c. */
bool dlx__iterating(const dlx_problem *p);

/*
 * A leaf of a depth-limited walk of the search tree (see dlx__walk_leaves()):
 * a node at the walk's depth, or a solution above it.
 */
struct dlx__leaf {
	const size_t *path;     /* the options chosen on the way, not the forced ones */
	size_t n;               /* their number: the leaf's level */
	int32_t node;           /* path[n-1]'s node in the list of the item branched on above the leaf; 0 at the root */
	/*
	 * The walk's nodes so far, this one included.  Two leaves at one level
	 * whose ordinals follow each other are siblings with no node entered
	 * between them: only options that were dead ends lie between their nodes.
	 */
	uint64_t ordinal;
	/* The product of the levels' lens above the leaf (UINT64_MAX if larger), and 1 / it. */
	uint64_t inverse_share;
	double share;           /* Knuth's estimate of the leaf's share of the tree */
};

/*
 * Where a depth-limited walk of the search tree hands its leaves: every node
 * at depth `depth`, and every solution above it, in the search's order.  A
 * non-zero return of add() stops the walk with that error.  The walk sets
 * `deeper` when some leaf was cut at depth (so a deeper walk would find more).
 */
struct dlx__leaf_sink {
	size_t depth;
	bool deeper;
	int (*add)(struct dlx__leaf_sink *sink, const struct dlx__leaf *leaf);
};

/*
 * Walks the tree of p (forced options applied) down to sink->depth; *st
 * gets the walk's statistics, its leaves counted among its nodes.  Of
 * params (may be NULL) only on_poll, poll_ctx and poll_interval are used:
 * a poll that returns non-zero stops the walk (st->stop = DLX_STOP_POLL).
 */
int dlx__walk_leaves(dlx_problem *p, struct dlx__leaf_sink *sink, const dlx_search_params *params, dlx_stats *st);

/*
 * A run of a node's children, which is what a split search's job is (see
 * dlx-cut.h): with p in the state of a node of its tree (the node's path
 * forced), dlx__branch_open() covers the item the search branches on
 * there, as the search does on entering the node; dlx__search_range()
 * searches the subtrees of a run of that item's options; and
 * dlx__branch_close() uncovers the item.  Any number of runs may be
 * searched between an open and a close, so that a worker covers a wide
 * item once for all its runs, not once per run.  In dlx-search.c.
 */

/*
 * Covers the item that the search chooses in p's state, adding the link
 * updates to *updates; `first` (a node of a run to search) must be in that
 * item's list, else nothing is covered and the result is DLX_ERR_STATE
 * (the run was cut from another tree).  O(the nodes the cover hides).
 */
int dlx__branch_open(dlx_problem *p, int32_t first, uint64_t *updates);

/* Undoes dlx__branch_open(p, first, ...); nothing else may have changed p's state since, or must be undone first. */
void dlx__branch_close(dlx_problem *p, int32_t first);

/*
 * Searches the subtrees of the options from node `first` to node `last`
 * (inclusive, in list order) of the item dlx__branch_open(p, first, ...)
 * covered.  The statistics are the subtrees' as dlx_search() counts them
 * below the node: every option's own node and what lies below it, but not
 * the links that choosing the options updated (the node's own work) and
 * not the options that were dead ends (no node entered); a split search
 * counts those in the walk that cut the tree.  Solutions list the forced
 * options, then the run's option, then the choices below it.
 * solution_limit and node_limit count across the whole run; polls come
 * every poll_interval nodes of the run, however small its subtrees, with
 * the progress made across the run.  Returns as dlx_search().
 */
int dlx__search_range(dlx_problem *p, int32_t first, int32_t last, const dlx_search_params *params, dlx_stats *stats);

/*
 * How the search finds its item (see choose_item() in dlx-links.h): -1 chooses by
 * the problem's shape (the default), 0 scans the active items, 1 keeps a
 * byte map of the items with at most one option.  Algorithm M's search
 * likewise: 1 keeps the heap of items with one branch at most from the
 * start (see choose() in dlx-search-m.c), 0 scans, -1 starts keeping it
 * once the scans grow long, and 2 (tests) once a few nodes have been
 * scanned, wherever that falls (the plain search takes 2 for 1).  All
 * choose the same items, so tests can run a search every way and compare
 * node counts.
 */
void dlx__set_tracking(dlx_problem *p, int mode);

/*
 * dlx_search() with its counters starting at start's solutions, nodes and
 * updates instead of 0: the tests reach the overflow checks this way.
 */
int dlx__search_from(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, const dlx_stats *start);

/*
 * A saved search to go on with (dlx-checkpoint.c): the path, as the item
 * branched on (0-based) and the option chosen at each level, and the
 * counters when the node at the end of the path was about to be entered.
 */
struct dlx__replay {
	size_t depth;
	const uint32_t *item;
	const uint32_t *option;
	dlx_stats at;
};

/* A level of a bounded problem's path whose branch takes no option (Algorithm M closes its item). */
#define DLX__CK_NO_OPTION UINT32_MAX

/*
 * Goes down rp's path without counting (each level chosen as the search
 * chooses, the saved item and option checked), then searches on from the
 * node there with rp's counters, as the interrupted search would have.
 * DLX_ERR_INVALID (stats->stop DLX_STOP_ERROR, p as before) when the path
 * is not one of p's search.  In dlx-search.c.
 */
int dlx__search_replay(dlx_problem *p, const dlx_search_params *params, const struct dlx__replay *rp,
		       dlx_stats *stats);

/*
 * A job's run first..last (as dlx__search_range(), its item covered) for a
 * part's checkpointed search (dlx-checkpoint.c): from the option of rank
 * u0 in the run, that one resumed from rp, the rest searched afresh, the
 * counters going on from rp->at; p->ck_part (allocated) follows the
 * rank being searched (opt) and the deepest level before it (max).  DLX_ERR_INVALID
 * when rp is not a path of p's search or u0 is past the run.  In
 * dlx-search.c.
 */
int dlx__search_range_resume(dlx_problem *p, int32_t first, int32_t last, uint64_t u0, const struct dlx__replay *rp,
			     const dlx_search_params *params, dlx_stats *stats);

/*
 * dlx_search_split() that also reports in *setup the link updates its
 * workers made to reach their jobs (forcing paths, covering the items
 * branched on), or for a bounded problem the updates of every worker's
 * walk above the cut: work outside the search's statistics, which the
 * tests check grows linearly with the problem.  In dlx-split.c.
 */
int dlx__search_split_setup(dlx_problem *p, const dlx_search_params *params, const dlx_split_params *split,
			    dlx_stats *stats, uint64_t *setup);

/* dlx_search_parts() without its checks, as dlx__search_split_setup() is; depth 0: the whole tree.  In dlx-split.c. */
int dlx__search_parts_setup(dlx_problem *p, const dlx_search_params *params, unsigned threads, const dlx_part *path,
			    size_t depth, dlx_stats *stats, uint64_t *setup);

/* DLX_OK if path[0..depth) is a nested part dlx_search_parts() takes, else DLX_ERR_INVALID.  In dlx-parts.c. */
int dlx__check_parts(const dlx_part *path, size_t depth);

/*
 * A copy of p for a split search's worker: as dlx_problem_clone(), but it
 * shares p's top[] and opt_start[], which never change once the options
 * are added: it must be freed (dlx_problem_free()) before p, and no
 * option may be added to p while it lives (adding one to the clone fails
 * with DLX_ERR_STATE).  NULL when memory is short.  Memory: 8 bytes per
 * node (12 with colors) and about 20 per item; O(size of the problem)
 * time.  In dlx-problem.c.
 */
dlx_problem *dlx__problem_borrow(const dlx_problem *p);

/*
 * dlx_force_option() for a probe of the tree (dlx-estimate.c), its link
 * updates added to *updates: *emptied tells whether the option left a
 * primary item with no option, which makes it a choice the search would
 * undo at once (a dead end, no node entered).  In dlx-force.c.
 */
int dlx__force_probe(dlx_problem *p, size_t opt, uint64_t *updates, bool *emptied);

/*
 * The item the search branches on in p's state outside a search (its
 * forced options applied), or 0 when no primary item is active (a
 * solution).  O(active primary items).  In dlx-search.c.
 */
int32_t dlx__branch_item(dlx_problem *p);

/*
 * The options of the run first..last (list order) of the item the search
 * branches on in p's state that the search would enter (a choice that
 * leaves a primary item with no option is none), as their nodes in
 * (*live)[0..*n), the array grown as needed; their link updates added to
 * *updates.  DLX_ERR_STATE when first is not in that item's list.  One
 * cover of the item, then a commit and an uncommit of each option: O(the
 * item's cover + the run's options' commits), not a cover per option.  In
 * dlx-search.c.
 */
int dlx__live_children(dlx_problem *p, int32_t first, int32_t last, int32_t **live, size_t *cap, size_t *n,
		       uint64_t *updates);

/* The option that node x (not a spacer or an item's head) belongs to.  In dlx-search.c. */
size_t dlx__option_of_node(const dlx_problem *p, int32_t x);

/* splitmix64: the same stream for a seed on every platform.  In dlx-order.c. */
uint64_t dlx__splitmix64(uint64_t *state);

/*
 * Tests: the expectation of dlx_estimate_tree()'s estimates, exactly: the
 * nodes and solutions of the tree (or of the part) as its probes see it,
 * every path followed.  It must equal what dlx_search() or the part's
 * dlx_search_split() counts.  Recursive, exponential: small problems only.
 * In dlx-estimate.c.
 */
int dlx__estimate_exact(dlx_problem *p, const dlx_part *path, size_t depth, uint64_t *nodes, uint64_t *solutions);

/* Releases forced options until only the first `keep` remain. */
void dlx__release_to(dlx_problem *p, size_t keep);

/*
 * A probe that walks down the tree as a search that keeps the low bytes
 * (see choose_item() in dlx-links.h) does, so that a chain of forced
 * moves costs it a few reads per node, not a scan of every open item:
 * dlx__probe_start() sets the low bytes from p's state (O(primary items));
 * dlx__force_child() forces the option of node x, a live option of the
 * probed node (dlx__probe_children()), without dlx_force_option()'s
 * checks, and with `track` as such a search commits (it keeps the low
 * bytes and leaves the sparse set of active items alone, so nothing may
 * read that set before dlx__release_probe(p, keep, true) releases those
 * options), lowering *least to the least len its hides left an item with
 * (see hide() in dlx-links.h); dlx__probe_item() is the item the search
 * branches on (maybe_zero: an item may have no option, as at the root;
 * calm: no item has fewer than two, see choose_item());
 * dlx__probe_emptied(p, i), after an option of item i's list was forced,
 * the item left with no option by i's cover, or 0 (a walk of i's options);
 * dlx__probe_children() is dlx__live_children() for the item of node
 * `first`, which the caller chose so.  In dlx-force.c and dlx-search.c.
 */
void dlx__probe_start(dlx_problem *p);
int dlx__force_child(dlx_problem *p, int32_t x, uint64_t *updates, int32_t *least, bool track);
int32_t dlx__probe_item(dlx_problem *p, bool maybe_zero, bool calm);
int32_t dlx__probe_emptied(const dlx_problem *p, int32_t i);
int dlx__probe_children(dlx_problem *p, int32_t first, int32_t last, int32_t **live, size_t *cap, size_t *n,
			uint64_t *updates);
void dlx__release_probe(dlx_problem *p, size_t keep, bool track);

/*
 * Forces the n options opts[] in order, as dlx_force_option() does, and
 * adds their link updates to *updates instead of the problem's own count
 * (which decides how dlx_release_forced() restores the caller's problem):
 * how a split search's worker reaches a job.  Returns as
 * dlx_force_option(); on failure the options before the failing one stay
 * forced.  In dlx-force.c.
 */
int dlx__force_path(dlx_problem *p, const size_t *opts, size_t n, uint64_t *updates);

/*
 * Propagation (dlx-propagate.c).  dlx__propagation_ready() allocates what
 * a propagating search needs (DLX_OK or DLX_ERR_NOMEM), and
 * dlx__propagation_free() frees it.  dlx__subsume() makes one pass of the
 * subsumption rule over the active primary items, pushing the nodes of the
 * options it removes on p's trail and adding their link updates to
 * *updates; it returns how many it removed, or -1 as soon as a removal left
 * a primary item with no option (a dead end: the removals stay on the trail).
 * dlx__unsubsume() puts back the options on the trail past its first `keep`,
 * newest first.  The pass at a node of level `level` skips the items whose
 * options are those a pass at that node or above it saw; the caller counts
 * the nodes entered at each level in p->epoch[level], and says where no
 * pass ran yet (p->passed[level] false) on entering it.  A pass finds the
 * items to look at from the covers and removals since the last pass above
 * it, O(their nodes) (O(the primary items) when that is more, or there is
 * no such pass), plus O(nodes of the looked-at items' options), plus
 * O(length of an option) per option of a subsumed item.
 */
int dlx__propagation_ready(dlx_problem *p);
void dlx__propagation_free(dlx_problem *p);
int dlx__subsume(dlx_problem *p, size_t level, uint64_t *updates);
/* Tests: with `full`, every pass looks at every item, so that the skips can be checked to change nothing. */
void dlx__set_full_passes(dlx_problem *p, bool full);
void dlx__unsubsume(dlx_problem *p, size_t keep);

/*
 * The SAT engine's encoding choices (dlx-sat.c), for the tests and the
 * measurements that picked dlx_search_sat()'s: how "at most one" is
 * written for a group of more than pairwise_max literals (a group of up to
 * pairwise_max is always pairwise), and whether the solver takes its
 * configuration for satisfiable instances.
 */
enum dlx__sat_amo {
	DLX__SAT_AMO_SEQUENTIAL = 0, /* Sinz's sequential counter: n-1 auxiliaries, 3n-4 clauses */
	DLX__SAT_AMO_PRODUCT,        /* Chen's 2-product: about 2 sqrt(n) auxiliaries, 2n + o(n) clauses */
	DLX__SAT_AMO_PAIRWISE        /* n(n-1)/2 clauses whatever n (quadratic: tests only) */
};
struct dlx__sat_config {
	enum dlx__sat_amo amo;
	size_t pairwise_max;
	bool sat_options;
	/* Tests: leave out the "at most one" of the primary items' groups (a planted bug the suite must catch). */
	bool drop_primary_amo;
};
/* The configuration dlx_search_sat() uses. */
extern const struct dlx__sat_config dlx__sat_default;
/* dlx_search_sat() with another configuration (NULL: the default). */
int dlx__search_sat_with(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, dlx_sat_stats *sat,
	const struct dlx__sat_config *cfg);

#ifdef DLX_COUNT_SCANS
/* Test builds only: the reads of the heuristic and of the progress estimate so far (see dlx-problem.h). */
uint64_t dlx__scans(const dlx_problem *p);
#endif

#endif
