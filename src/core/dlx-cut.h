/*
 * Cutting a search tree into jobs for dlx_search_split() (dlx-split.c);
 * not installed.
 *
 * The top of the tree is walked down to the shallowest depth at which it
 * has enough leaves (nodes at that depth, and solutions above it).  The
 * leaves that are consecutive children of one node form a group, and a
 * job is a run of a group's leaves: the node's path, and the first and
 * last of the run's options in the list of the item the search branches on
 * at the node.  A worker forces the path, covers the item
 * (dlx__branch_open()) and searches the run (dlx__search_range()).
 *
 * A node may have millions of children (an item with that many options):
 * one job per child would cost millions of setups, each of them covering
 * that item.  So the runs are as long as it takes to keep the jobs at most
 * twice the target: each group is cut into runs of 2^k leaves, where k
 * grows with the leaves' share of the tree (a leaf at a node with more
 * options stands for less of it), so that the runs stand for about equal
 * shares, 2^-t each, with t as fine as the cap allows.  Integers alone
 * decide it (the leaves' counts and the products of the levels' lengths),
 * so the same problem is cut the same way on every machine.
 */
#ifndef DLX_CUT_H
#define DLX_CUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx-internal.h"
#include "dlx.h"

/* Leaves that are consecutive children of one node of the tree. */
struct dlx__group {
	size_t path;            /* offset in the cut's opts of the node's path */
	size_t n;               /* its length */
	int scale;              /* floor(log2) of the leaves' inverse share */
	double leaf_share;      /* one leaf's share of the tree (Knuth's estimate) */
};

/* A run of a group's leaves: the unit of work of a split search. */
struct dlx__job {
	size_t group;
	/*
	 * The run's first and last options, as nodes in the list of the item
	 * branched on at the group's node; both 0 when the leaf is the root
	 * itself (the forced options solved the problem, or it has no primary
	 * item): the job is then a search of the node.
	 */
	int32_t first, last;
	size_t leaves;
};

struct dlx__cut {
	struct dlx__leaf_sink sink;     /* first: the walk hands its leaves to it */
	size_t cap;                     /* the most jobs a cut keeps */
	int fine;                       /* t: runs stand for about 2^-t of the tree each */
	struct dlx__group *groups;
	size_t n_groups, cap_groups;
	struct dlx__job *jobs;          /* in the tree's order, each group's together */
	size_t n_jobs, cap_jobs;
	size_t *opts;                   /* the groups' paths, back to back */
	size_t n_opts, cap_opts;
	uint64_t leaves;                /* the walk's leaves */
	uint64_t last_ordinal;          /* the last leaf's, and its level */
	size_t last_level;
};

/* Group g's path in cut c's opts (NULL for an empty path: opts may be NULL then, and NULL + 0 is undefined). */
static inline const size_t *dlx__group_path(const struct dlx__cut *c, const struct dlx__group *g)
{
	return g->n ? c->opts + g->path : NULL;
}

/*
 * Cuts p's tree (its forced options applied) into jobs at the shallowest
 * depth with at least `target` leaves, as deep as the tree goes, or as
 * deep as the cut's work budget allows (about 2^26 item scans and link
 * updates for the walks before the last); at most 2 x target jobs.
 * Deterministic: it depends on the problem and target only (nodes and
 * updates, not time).  *walk gets the statistics of the walk that made
 * the cut; params' poll runs during the walks, and when it stops one,
 * walk->stop says so and the cut holds no jobs.  Returns DLX_OK or
 * DLX_ERR_NOMEM; *cut needs dlx__cut_free() either way.
 * Memory: O(jobs + groups x depth); the groups are fewer than the target.
 */
int dlx__cut(dlx_problem *p, size_t target, const dlx_search_params *params, struct dlx__cut *cut, dlx_stats *walk);

void dlx__cut_free(struct dlx__cut *cut);

/* Job j's share of the tree: its leaves' shares, Knuth's estimate. */
double dlx__job_share(const struct dlx__cut *cut, size_t j);

/*
 * Job j's share rounded to a power of two, as an exponent from integers
 * alone: jobs are taken biggest class first, and in the tree's order
 * within a class, so that a worker's next job is often near its last.
 */
int dlx__job_class(const struct dlx__cut *cut, size_t j);

/*
 * The jobs of a nested part (dlx-parts.c): *cut and the part's jobs in it,
 * *first, *first + *stride, ...  Depth 1 is the cut dlx_search_split()
 * makes for M parts (64 M jobs, part K's every M-th from K-1); each further
 * level refines the part's jobs into about 64 N finer ones, of which piece
 * J takes every N-th from J-1.  path must pass dlx__check_parts().  *walks
 * gets the nodes and updates of every walk made, and the stop of a poll
 * that stopped one (then the cut holds no jobs).  Returns DLX_OK,
 * DLX_ERR_NOMEM, or DLX_ERR_STATE if a job is not in p's tree; *cut needs
 * dlx__cut_free() either way.  Cost: the first cut, plus per level a walk
 * per refined job (O(the job's children) commits, or a cut of each child).
 */
int dlx__part_cut(dlx_problem *p, const dlx_part *path, size_t depth, const dlx_search_params *params,
		  struct dlx__cut *cut, size_t *first, size_t *stride, dlx_stats *walks);

/*
 * The order a split search takes the jobs first, first + stride, ... of
 * cut in (biggest class first, the tree's order within a class), as a
 * malloc'd array of job numbers, *n of them; NULL when memory is short.
 * In dlx-split.c.
 */
size_t *dlx__part_job_order(const struct dlx__cut *cut, size_t first, size_t stride, size_t *n);

/*
 * Where a worker's copy of the problem stands among a cut's jobs (the
 * workers of dlx-split.c and dlx-checkpoint-split.c): forced beyond its
 * own forced options (base of them) is the path of group `at` (SIZE_MAX:
 * none), and `open` when the item branched on there is covered
 * (dlx__branch_open() given open_first).  In dlx-cut.c.
 */
struct dlx__job_place {
	size_t base, at;
	bool open;
	int32_t open_first;
	uint64_t setup;         /* link updates made to reach the jobs */
};

/* A place at clone's own forced options (clone as it is now). */
void dlx__place_init(struct dlx__job_place *pl, const dlx_problem *clone);

/* Takes clone back to its own forced options. */
void dlx__place_leave(dlx_problem *clone, struct dlx__job_place *pl);

/*
 * Brings clone to job's node of cut, with the item branched on there
 * covered.  Jobs come in the tree's order within a class (see
 * dlx__part_job_order()), so the path often begins as the last job's did:
 * only the rest is released and forced again, and a run at the same node
 * keeps the item covered.  A worker's setup then costs about what the walk
 * of the cut did, not a cover of the node's item per job, which on a node
 * with a million children made the split quadratic.  DLX_OK, or an error
 * of dlx__force_path()/dlx__branch_open(), clone left at its own forced
 * options.
 */
int dlx__place_reach(dlx_problem *clone, struct dlx__job_place *pl, const struct dlx__cut *cut,
		     const struct dlx__job *job);

#endif
