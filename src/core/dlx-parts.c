/*
 * Nested parts: the jobs of part K/M, then of its piece J/N, and so on
 * (dlx_search_parts(), dlx_estimate_tree()).
 *
 * Part K/M is jobs K-1, K-1+M, ... of the cut that dlx_search_split()
 * makes for M parts (dlx-cut.h).  Its piece J/N is found the same way in a
 * finer list of jobs that covers exactly the part's: each of the part's
 * jobs is refined, and piece J takes refined jobs J-1, J-1+N, ...  A job
 * that is a run of k children of a node is refined by cutting the run into
 * shorter runs when k is large, else by cutting each child's own subtree
 * (dlx__cut() with the child forced, its jobs' paths prefixed with the
 * job's path and the child); a job that is a whole node, by cutting that
 * node's subtree.  Each refined job lies inside one job of the part, and
 * the refined jobs of a job cover its subtrees once, so the N pieces of a
 * part are disjoint and add up to it; everything depends on the problem
 * and the numbers K/M, J/N alone, so any machine cuts the same pieces.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-cut.h"
#include "dlx-internal.h"
#include "dlx-problem.h"

/* Jobs a piece gets, about, from a refinement: as a part gets from the first cut. */
#define JOBS_PER_PIECE 64

static int push_group(struct dlx__cut *r, const size_t *prefix, size_t n_prefix, size_t extra, const size_t *path,
		      size_t n_path, int scale, double share)
{
	size_t n = n_prefix + (extra != SIZE_MAX) + n_path;
	int rc = dlx__grow((void **)&r->groups, &r->cap_groups, r->n_groups + 1, sizeof *r->groups,
			   SIZE_MAX / sizeof *r->groups);
	if (!rc)
		rc = dlx__grow((void **)&r->opts, &r->cap_opts, r->n_opts + n, sizeof *r->opts, SIZE_MAX / sizeof *r->opts);
	if (rc)
		return rc;
	size_t *o = r->opts + r->n_opts;
	if (n_prefix)
		memcpy(o, prefix, n_prefix * sizeof *o);
	if (extra != SIZE_MAX)
		o[n_prefix] = extra;
	if (n_path)
		memcpy(o + n_prefix + (extra != SIZE_MAX), path, n_path * sizeof *o);
	r->groups[r->n_groups++] = (struct dlx__group){ r->n_opts, n, scale, share };
	r->n_opts += n;
	return DLX_OK;
}

static int push_job(struct dlx__cut *r, int32_t first, int32_t last, size_t leaves)
{
	int rc = dlx__grow((void **)&r->jobs, &r->cap_jobs, r->n_jobs + 1, sizeof *r->jobs, SIZE_MAX / sizeof *r->jobs);
	if (rc)
		return rc;
	r->jobs[r->n_jobs++] = (struct dlx__job){ r->n_groups - 1, first, last, leaves };
	return DLX_OK;
}

/*
 * Cuts the subtree of p's state (the prefix, and `extra` unless SIZE_MAX,
 * forced) into about `target` jobs and adds them to r, their paths
 * prefixed; scale and share are those of a leaf at the prefix's node.
 */
static int add_subtree(dlx_problem *p, struct dlx__cut *r, size_t target, const size_t *prefix, size_t n_prefix,
		       size_t extra, int scale, double share, const dlx_search_params *params, dlx_stats *walks)
{
	struct dlx__cut sub;
	dlx_stats walk;
	int rc = dlx__cut(p, target, params, &sub, &walk);
	walks->nodes += walk.nodes;
	walks->updates += walk.updates;
	if (!rc && walk.stop != DLX_STOP_COMPLETE)
		walks->stop = walk.stop;
	for (size_t g = 0, j = 0; !rc && walks->stop == DLX_STOP_COMPLETE && g < sub.n_groups; g++) {
		const struct dlx__group *sg = &sub.groups[g];
		rc = push_group(r, prefix, n_prefix, extra, dlx__group_path(&sub, sg), sg->n, scale + sg->scale,
				share * sg->leaf_share);
		for (; !rc && j < sub.n_jobs && sub.jobs[j].group == g; j++)
			rc = push_job(r, sub.jobs[j].first, sub.jobs[j].last, sub.jobs[j].leaves);
	}
	dlx__cut_free(&sub);
	return rc;
}

/*
 * Adds to r the refined jobs of job `job` of cut c, about `target` of them;
 * p is at the job's node (its path forced).
 */
static int refine_job(dlx_problem *p, const struct dlx__cut *c, const struct dlx__job *job, size_t target,
		      struct dlx__cut *r, const dlx_search_params *params, dlx_stats *walks, int32_t **live,
		      size_t *cap_live)
{
	const struct dlx__group *g = &c->groups[job->group];
	const size_t *path = dlx__group_path(c, g);
	if (!job->first)
		return add_subtree(p, r, target, path, g->n, SIZE_MAX, g->scale, g->leaf_share, params, walks);
	/* The run's children that the search enters (a choice that empties an item is none). */
	size_t k;
	uint64_t updates = 0;
	int rc = dlx__live_children(p, job->first, job->last, live, cap_live, &k, &updates);
	walks->updates += updates;
	if (rc)
		return rc;
	if (!k)
		return DLX_OK;
	if (k >= target) {
		/* Enough children: runs of them, as even as integers make them. */
		rc = push_group(r, path, g->n, SIZE_MAX, NULL, 0, g->scale, g->leaf_share);
		for (size_t t = 0; !rc && t < target; t++) {
			size_t a = k * t / target, b = k * (t + 1) / target;
			if (b > a)
				rc = push_job(r, (*live)[a], (*live)[b - 1], b - a);
		}
		return rc;
	}
	/* Few children: each one's subtree cut, into a share of the target. */
	size_t each = (target + k - 1) / k;
	int32_t *mine = malloc(k * sizeof *mine);
	if (!mine)
		return DLX_ERR_NOMEM;
	memcpy(mine, *live, k * sizeof *mine);
	rc = DLX_OK;
	for (size_t t = 0; !rc && t < k && walks->stop == DLX_STOP_COMPLETE; t++) {
		size_t keep = dlx_forced_count(p), opt = dlx__option_of_node(p, mine[t]);
		bool emptied;
		updates = 0;
		rc = dlx__force_probe(p, opt, &updates, &emptied);
		walks->updates += updates;
		if (!rc)
			rc = add_subtree(p, r, each, path, g->n, opt, g->scale, g->leaf_share, params, walks);
		dlx__release_to(p, keep);
	}
	free(mine);
	return rc;
}

/* Refines the jobs first, first + stride, ... of c into r, for `pieces` pieces. */
static int refine(dlx_problem *p, const struct dlx__cut *c, size_t first, size_t stride, uint32_t pieces,
		  struct dlx__cut *r, const dlx_search_params *params, dlx_stats *walks)
{
	memset(r, 0, sizeof *r);
	size_t n = first < c->n_jobs ? (c->n_jobs - first - 1) / stride + 1 : 0;
	if (!n)
		return DLX_OK;
	size_t want = (size_t)JOBS_PER_PIECE * pieces;
	size_t target = (want + n - 1) / n;
	size_t base = dlx_forced_count(p);
	int32_t *live = NULL;
	size_t cap_live = 0;
	int rc = DLX_OK;
	for (size_t j = first; !rc && j < c->n_jobs && walks->stop == DLX_STOP_COMPLETE; j += stride) {
		const struct dlx__group *g = &c->groups[c->jobs[j].group];
		uint64_t updates = 0;
		rc = dlx__force_path(p, dlx__group_path(c, g), g->n, &updates);
		walks->updates += updates;
		if (!rc)
			rc = refine_job(p, c, &c->jobs[j], target, r, params, walks, &live, &cap_live);
		dlx__release_to(p, base);
	}
	free(live);
	return rc;
}

int dlx__part_cut(dlx_problem *p, const dlx_part *path, size_t depth, const dlx_search_params *params,
		  struct dlx__cut *cut, size_t *first, size_t *stride, dlx_stats *walks)
{
	static const dlx_stats none = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	*walks = none;
	int rc = dlx__cut(p, (size_t)JOBS_PER_PIECE * path[0].parts, params, cut, walks);
	*first = path[0].part - 1;
	*stride = path[0].parts;
	for (size_t d = 1; !rc && walks->stop == DLX_STOP_COMPLETE && d < depth; d++) {
		struct dlx__cut finer;
		rc = refine(p, cut, *first, *stride, path[d].parts, &finer, params, walks);
		dlx__cut_free(cut);
		*cut = finer;
		*first = path[d].part - 1;
		*stride = path[d].parts;
	}
	if (rc || walks->stop != DLX_STOP_COMPLETE)
		cut->n_jobs = 0;
	return rc;
}

int dlx__check_parts(const dlx_part *path, size_t depth)
{
	if (!path || depth < 1 || depth > DLX_MAX_PART_DEPTH)
		return DLX_ERR_INVALID;
	for (size_t d = 0; d < depth; d++)
		if (path[d].parts < 1 || path[d].parts > DLX_MAX_PARTS || path[d].part < 1 || path[d].part > path[d].parts)
			return DLX_ERR_INVALID;
	return DLX_OK;
}
