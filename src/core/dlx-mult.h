/*
 * Multiplicities and costs (dlx-mult.c), internal: what a problem keeps of
 * its items' bounds and its options' costs, and the search that honours them
 * (dlx-search-m.c).  A problem without either has no `mult` at all, so the
 * plain searches never look at any of this.
 */
#ifndef DLX_MULT_H
#define DLX_MULT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx-problem.h"
#include "dlx.h"

struct dlx_mult {
	uint32_t *lo, *hi;   /* n_primary entries each (public item numbers), or NULL: every item 1:1 */
	size_t n_bounded;    /* items whose bounds are not 1:1: the problem is bounded when > 0 */
	uint64_t *cost;      /* cap_cost entries, or NULL: options past n_cost cost 0 */
	size_t n_cost, cap_cost;
	size_t n_costly;     /* options whose cost is not 0 */
};

static inline bool dlx__bounded(const dlx_problem *p)
{
	return p->mult && p->mult->n_bounded;
}

/* Frees m (NULL is a no-op). */
void dlx__mult_free(struct dlx_mult *m);

/* A deep copy of m for a problem of n_primary items; *ok is false when memory is short. */
struct dlx_mult *dlx__mult_clone(const struct dlx_mult *m, size_t n_primary, bool *ok);

/* Algorithm M: dlx_search() of a bounded problem (no forced options, no iterator). */
int dlx__search_m(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats);

/*
 * Algorithm M for dlx_search_resume(): down rp's path without counting
 * (each level's item and branch checked), then on from the node there with
 * rp's counters; its polls and its early stops leave the path in p for
 * dlx_checkpoint_save() (choice[] grows to the deepest level, a level per
 * option and per primary item).  DLX_ERR_INVALID when the path is not one
 * of p's search, DLX_ERR_STATE with forced options.
 */
struct dlx__replay;
int dlx__search_m_replay(dlx_problem *p, const dlx_search_params *params, const struct dlx__replay *rp,
			 dlx_stats *stats);

/*
 * Algorithm M's tree cut for threads and parts (dlx-split.c).  A stage is
 * a level of the cut: its leaves are the nodes at its depth and the
 * solutions above it, within the leaves kept by the stages before it,
 * numbered in the search's order; it keeps those whose number is
 * part - 1 modulo parts (parts 0: none, a probe that counts them).  The
 * last stage's kept leaves are shared among threads through *claim.  Every
 * worker walks the tree above the deepest stage itself (its own copy of
 * the links, so the walk needs no lock) and searches the subtrees of the
 * leaves it keeps; since the search is deterministic, every worker meets
 * the leaves in the same order with the same numbers, so they are kept
 * by exactly one worker and one part, and the parts need only the problem
 * and the numbers K/M to agree.
 */
struct dlx__mstage {
	size_t depth;
	uint32_t part, parts;
	uint64_t seen;          /* its leaves met so far */
};

struct dlx__mcut {
	struct dlx__mstage stage[DLX_MAX_PART_DEPTH];
	size_t n;                       /* stages: 1 .. DLX_MAX_PART_DEPTH */
	size_t deepest;                 /* the last stage's depth */
	atomic_uint_fast64_t *claim;    /* the next of the last stage's kept leaves to hand out; NULL: keep them all */
	uint64_t kept, mine;            /* the last stage's kept leaves met; the one claimed */
	bool have;                      /* mine holds a claim */
	bool deeper;                    /* a leaf of the last stage was at its depth: the tree goes that deep */
	uint64_t leaves;                /* the plan's: the leaves the last stage keeps */
	bool lead;                      /* polls report the nodes above the cut too (one worker of a whole search) */
	/* What the run spent above the cut, which every worker repeats, and below it */
	uint64_t shared_nodes, shared_branches, owned_updates, owned_from;
	bool in_owned;
	/*
	 * The run's counters as it entered the leaf it is in (in_owned; the
	 * updates as owned_updates then): a checkpoint in threads saves that
	 * leaf's own work (dlx-checkpoint-msplit.c).  0 for a run resumed in a
	 * leaf, whose counters start at the leaf's.
	 */
	uint64_t leaf_nodes, leaf_branches, leaf_solutions, leaf_updates;
};

/*
 * Plans the cut of bounded p's tree for the part `path` (depth levels, 0:
 * the whole tree, one stage of at least `target` leaves): each stage as
 * shallow as gives 64 x its parts leaves (or the tree's depth, or a
 * budget of about 2^26 item scans and link updates for the probes).
 * Deterministic: it depends on the problem, path and target alone.  *walks
 * gets the probes' nodes and updates, and the stop of a poll that stopped
 * one (params: on_poll alone is used).  DLX_ERR_STATE with forced options.
 */
int dlx__mcut_plan(dlx_problem *p, const dlx_part *path, size_t depth, size_t target, const dlx_search_params *params,
		   struct dlx__mcut *cut, dlx_stats *walks);

/*
 * Algorithm M on a copy of p's links, searching the subtrees cut keeps
 * (its counters start at 0 and are left as the run ends).  p is only read,
 * so several threads may search one p at a time.  stats are the run's
 * own: the nodes above the cut too; cut->shared_nodes, shared_branches and
 * owned_updates tell them apart.  params' node limit is not applied.
 */
int dlx__search_m_cut(const dlx_problem *p, const dlx_search_params *params, struct dlx__mcut *cut, dlx_stats *stats);

/* The cut's counters back to 0 (as dlx__search_m_cut() starts). */
void dlx__mcut_reset(struct dlx__mcut *c);

/*
 * A bounded part in one thread, for dlx_search_parts_resume(): Algorithm M
 * on a copy of p's links with the cut planned and its counters as the
 * checkpoint left them (or reset; cut NULL: the whole search, as
 * dlx__search_m_replay()), down rp's path without counting, then
 * on with rp's counters (the run's own: the nodes and branches above the
 * cut too).  params' node limit is on the part's nodes (those below the
 * cut).  Polls and early stops leave the path in p and, when
 * p->ck_part->mcut, the cut's counters in p->ck_part.  DLX_ERR_INVALID
 * when the path is not one of the search.
 */
int dlx__search_m_part_replay(dlx_problem *p, const dlx_search_params *params, struct dlx__mcut *cut,
			      const struct dlx__replay *rp, dlx_stats *stats);

/*
 * Knuth's estimate of a bounded problem's tree (dlx_estimate_tree()): a
 * prober holds a copy of p's links (DLX_ERR_STATE with forced options,
 * DLX_ERR_NOMEM); each probe goes from the root to a leaf, taking one of
 * each node's branches uniformly from *rng, and gives the estimates of the
 * nodes (1 + d1 + d1 d2 + ...) and the solutions (d1 d2 ... at a
 * solution, else 0) of that probe, adds the nodes it entered to *entered
 * and its link updates to *updates, and leaves the copy as it found it.
 * A probe costs what the search spends on the nodes of its path.
 */
struct dlx__mprober;
int dlx__mprober_new(const dlx_problem *p, struct dlx__mprober **out);
void dlx__mprober_free(struct dlx__mprober *pr);
int dlx__mprobe(struct dlx__mprober *pr, uint64_t *rng, double *nodes, double *solutions, uint64_t *entered,
		uint64_t *updates);

/*
 * dlx_iter_* of a bounded problem (no forced options): Algorithm M on its
 * own copy of the links, paused at each solution.  next() returns 1 with a
 * solution (*options valid until the next call), 0 at the end, or an
 * error; once ended it returns the same again.
 */
struct dlx__miter;
int dlx__miter_new(dlx_problem *p, const dlx_search_params *params, struct dlx__miter **out);
int dlx__miter_next(struct dlx__miter *it, const size_t **options, size_t *n);
void dlx__miter_stats(const struct dlx__miter *it, dlx_stats *stats);
void dlx__miter_free(struct dlx__miter *it);

#endif
