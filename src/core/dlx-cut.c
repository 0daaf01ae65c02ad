/*
 * Cutting a search tree into jobs: the walks of its top and the grouping of
 * their leaves into runs, as described in dlx-cut.h.
 */
#include "dlx-cut.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"
#include "dlx-problem.h"

/* The runs' length in group g when they stand for about 2^-fine of the tree each. */
static uint64_t cut_run_length(const struct dlx__group *g, int fine)
{
	int k = g->scale - fine;
	return (uint64_t)1 << (k < 0 ? 0 : k > 62 ? 62 : k);
}

static int floor_log2(uint64_t v)
{
	int k = 0;
	while (v >>= 1)
		k++;
	return k;
}

/* Starts a job of one leaf, `node`, in the last group. */
static int cut_push_job(struct dlx__cut *c, int32_t node)
{
	int rc = dlx__grow((void **)&c->jobs, &c->cap_jobs, c->n_jobs + 1, sizeof *c->jobs, SIZE_MAX / sizeof *c->jobs);
	if (rc)
		return rc;
	c->jobs[c->n_jobs++] = (struct dlx__job){ c->n_groups - 1, node, node, 1 };
	return DLX_OK;
}

/* Starts a group at the node above `leaf`, with the job of that leaf. */
static int cut_push_group(struct dlx__cut *c, const struct dlx__leaf *leaf)
{
	size_t n = leaf->n ? leaf->n - 1 : 0;
	int rc = dlx__grow((void **)&c->groups, &c->cap_groups, c->n_groups + 1, sizeof *c->groups,
			   SIZE_MAX / sizeof *c->groups);
	if (!rc)
		rc = dlx__grow((void **)&c->opts, &c->cap_opts, c->n_opts + n, sizeof *c->opts, SIZE_MAX / sizeof *c->opts);
	if (rc)
		return rc;
	if (n)
		memcpy(c->opts + c->n_opts, leaf->path, n * sizeof *c->opts);
	c->groups[c->n_groups++] = (struct dlx__group){ c->n_opts, n, floor_log2(leaf->inverse_share), leaf->share };
	c->n_opts += n;
	return cut_push_job(c, leaf->node);
}

/*
 * Halves t: a group whose runs double joins them two by two, from its
 * first, which is what cutting its leaves into the longer runs would give.
 */
static void cut_coarsen(struct dlx__cut *c)
{
	c->fine--;
	size_t out = 0;
	for (size_t k = 0; k < c->n_jobs;) {
		struct dlx__job a = c->jobs[k++];
		const struct dlx__group *g = &c->groups[a.group];
		bool longer = cut_run_length(g, c->fine) > cut_run_length(g, c->fine + 1);
		if (longer && k < c->n_jobs && c->jobs[k].group == a.group) {
			a.last = c->jobs[k].last;
			a.leaves += c->jobs[k].leaves;
			k++;
		}
		c->jobs[out++] = a;
	}
	c->n_jobs = out;
}

/*
 * The walk's leaves, in the search's order: a leaf at the level of the
 * last and right after it (see struct dlx__leaf) is its next sibling, and
 * joins its run unless that is full.
 */
static int cut_add_leaf(struct dlx__leaf_sink *sink, const struct dlx__leaf *leaf)
{
	struct dlx__cut *c = (struct dlx__cut *)sink;
	bool sibling = c->leaves && leaf->n > 0 && leaf->n == c->last_level && leaf->ordinal == c->last_ordinal + 1;
	c->leaves++;
	c->last_level = leaf->n;
	c->last_ordinal = leaf->ordinal;
	int rc;
	if (sibling) {
		struct dlx__job *run = &c->jobs[c->n_jobs - 1];
		if (run->leaves < cut_run_length(&c->groups[run->group], c->fine)) {
			run->last = leaf->node;
			run->leaves++;
			return DLX_OK;
		}
		rc = cut_push_job(c, leaf->node);
	} else {
		rc = cut_push_group(c, leaf);
	}
	/* At t = -1 a group is one run: it has fewer leaves than 2^(scale+1). */
	while (!rc && c->n_jobs > c->cap && c->fine >= 0)
		cut_coarsen(c);
	return rc;
}

/*
 * What the walks of one cut may cost, in item scans and link updates
 * (about 0.1 s).  Each deeper walk repeats the shallower ones, so a tree
 * that stays narrow for thousands of levels (a chain of forced choices)
 * would otherwise cost its depth squared times its items before any thread
 * starts.  Past the budget the last walk's leaves are the jobs: fewer than
 * wanted, so the threads share less evenly, but every count stays exact.
 */
#define CUT_BUDGET (UINT64_C(1) << 26)

int dlx__cut(dlx_problem *p, size_t target, const dlx_search_params *params, struct dlx__cut *cut, dlx_stats *walk)
{
	memset(cut, 0, sizeof *cut);
	cut->sink.add = cut_add_leaf;
	cut->cap = target > SIZE_MAX / 2 ? SIZE_MAX : 2 * target;
	/* A node's choice of item scans up to every primary item. */
	uint64_t per_node = (uint64_t)dlx_primary_count(p) + 1, spent = 0;
	for (size_t depth = 1;; depth++) {
		cut->n_groups = cut->n_jobs = cut->n_opts = 0;
		cut->leaves = 0;
		cut->fine = 63;
		cut->sink.depth = depth;
		int rc = dlx__walk_leaves(p, &cut->sink, params, walk);
		if (rc || walk->stop != DLX_STOP_COMPLETE) {
			cut->n_jobs = 0;
			return rc;
		}
		if (cut->leaves >= target || !cut->sink.deeper)
			return DLX_OK;
		uint64_t cost = walk->nodes > CUT_BUDGET / per_node ? CUT_BUDGET : walk->nodes * per_node;
		spent += cost + (walk->updates < CUT_BUDGET ? walk->updates : CUT_BUDGET);
		if (spent >= CUT_BUDGET)
			return DLX_OK;
	}
}

void dlx__cut_free(struct dlx__cut *cut)
{
	free(cut->groups);
	free(cut->jobs);
	free(cut->opts);
}

double dlx__job_share(const struct dlx__cut *cut, size_t j)
{
	const struct dlx__job *job = &cut->jobs[j];
	return (double)job->leaves * cut->groups[job->group].leaf_share;
}

int dlx__job_class(const struct dlx__cut *cut, size_t j)
{
	const struct dlx__job *job = &cut->jobs[j];
	return floor_log2(job->leaves) - cut->groups[job->group].scale;
}

void dlx__place_init(struct dlx__job_place *pl, const dlx_problem *clone)
{
	*pl = (struct dlx__job_place){ dlx_forced_count(clone), SIZE_MAX, false, 0, 0 };
}

void dlx__place_leave(dlx_problem *clone, struct dlx__job_place *pl)
{
	if (pl->open)
		dlx__branch_close(clone, pl->open_first);
	pl->open = false;
	dlx__release_to(clone, pl->base);
	pl->at = SIZE_MAX;
}

int dlx__place_reach(dlx_problem *clone, struct dlx__job_place *pl, const struct dlx__cut *cut,
		     const struct dlx__job *job)
{
	const struct dlx__group *g = &cut->groups[job->group];
	const size_t *path = dlx__group_path(cut, g);
	size_t keep = 0;
	if (pl->at != SIZE_MAX) {
		const struct dlx__group *h = &cut->groups[pl->at];
		const size_t *now = dlx__group_path(cut, h);
		while (keep < h->n && keep < g->n && now[keep] == path[keep])
			keep++;
		if (keep == h->n && keep == g->n && pl->open && job->first)
			return DLX_OK;
	}
	if (pl->open)
		dlx__branch_close(clone, pl->open_first);
	pl->open = false;
	dlx__release_to(clone, pl->base + keep);
	pl->at = SIZE_MAX;
	int rc = dlx__force_path(clone, path + keep, g->n - keep, &pl->setup);
	if (!rc && job->first)
		rc = dlx__branch_open(clone, job->first, &pl->setup);
	if (rc) {
		dlx__place_leave(clone, pl);
		return rc;
	}
	pl->at = job->group;
	pl->open = job->first != 0;
	pl->open_first = job->first;
	return DLX_OK;
}
