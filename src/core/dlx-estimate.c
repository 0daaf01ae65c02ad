/*
 * dlx_estimate_tree(): Knuth's estimate of the size of a search tree from
 * random probes (TAOCP 7.2.2, "estimating the running time"; his Algorithm
 * E, after Hall and Knuth 1965).
 *
 * A probe walks from the root to a leaf, choosing at each node one of its
 * children uniformly at random.  If the nodes on the way have d1, d2, ...
 * children, then 1 + d1 + d1 d2 + ... is an unbiased estimate of the
 * number of nodes, and d1 d2 ... dk, when the walk ends at a solution, of
 * the number of solutions: a node at depth k is reached with probability
 * 1 / (d1 ... dk).  The estimate is of the tree dlx_search() walks, so a
 * node's children are the choices the search enters: an option that
 * leaves a primary item with no option is a dead end the search undoes at
 * once, and is not a child.  Finding those costs what the search spends at
 * each node of the probe: a cover of the item, and a commit and an
 * uncommit of each of its options (dlx__live_children()).
 *
 * A part of a split search is the union of its jobs (dlx-cut.h), so its
 * estimate is the sum of theirs, each from its own probes, whose first
 * step is a uniform choice among the live options of the job's run.
 *
 * A bounded problem's tree is Algorithm M's (dlx-search-m.c), whose
 * branches are not all options: its probes are dlx__mprobe()'s, of the
 * whole tree only (its parts are cut at depths, not into these jobs).
 */
#include "dlx.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-cut.h"
#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-problem.h"

struct prober {
	dlx_problem *p;
	uint64_t rng;
	uint64_t updates;       /* link updates of the probes' commits */
	uint64_t entered;       /* nodes the probes entered, for the polls */
	int32_t *live;          /* the nodes of the live options of the node being probed */
	size_t cap_live;
	bool track;             /* keep the low bytes, as p's search does */
};

/* A uniform integer in [0, n), n > 0: rejection keeps it exact, not nearly uniform. */
static uint64_t uniform_below(uint64_t *state, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	for (;;) {
		uint64_t r = dlx__splitmix64(state);
		if (r < limit)
			return r % n;
	}
}

/*
 * Puts in pr->live the nodes of the options of the run first..last (list
 * order) of item i's list that the search would enter, and their number
 * in *n.
 */
static int live_options(struct prober *pr, int32_t i, int32_t first, int32_t last, size_t *n)
{
	if (pr->p->node.top[first] != i)
		return DLX_ERR_STATE; /* the run is not in this node's list: cut from another tree */
	if (pr->track)
		return dlx__probe_children(pr->p, first, last, &pr->live, &pr->cap_live, n, &pr->updates);
	return dlx__live_children(pr->p, first, last, &pr->live, &pr->cap_live, n, &pr->updates);
}

/*
 * The item the search branches on at a probe's node: `parent`, the item
 * branched on above (0 at the probe's first node), and `left`, the least
 * len the option forced there left an item with, the parent's own len
 * folded in (force_child()): 0, an item left with no option, which only
 * the cover of `parent` can have done (the options that empty one
 * otherwise are not children); 2 or more, every item has two options or
 * more, and the choice reads no low byte (`calm`, see choose_item() in
 * dlx-links.h).  Where the search keeps the low bytes the probe does
 * too, so that a chain of forced moves costs a few reads per node rather
 * than a scan of every open item (quadratic in the chain: 10^4 items with
 * an option each took 104 s for 1,000 probes); either way the item is the
 * one with the fewest options, the lowest-numbered on ties, or an item
 * left with none.
 */
static int32_t next_item(const struct prober *pr, int32_t parent, int32_t left)
{
	if (!pr->track)
		return dlx__branch_item(pr->p);
	if (!parent)
		return dlx__probe_item(pr->p, true, false);
	int32_t z = left == 0 ? dlx__probe_emptied(pr->p, parent) : 0;
	return z ? z : dlx__probe_item(pr->p, false, left >= 2);
}

/*
 * Forces the option of node x of item i, the probe's node's item (the one
 * of fewest options there), as the search would choose it; *left as
 * next_item() takes it.
 */
static int force_child(struct prober *pr, int32_t i, int32_t x, int32_t *left)
{
	*left = pr->p->len[i];
	return dlx__force_child(pr->p, x, &pr->updates, left, pr->track);
}

/*
 * One probe from p's state.  With first != 0 the state is a job's node and
 * the probe estimates the subtrees of the run first..last of the item
 * branched on there (the node itself not counted, as a split search's job
 * does not count it); with first == 0, the tree below and including the
 * node.  p is left as it was found.
 */
static int probe(struct prober *pr, int32_t first, int32_t last, double *nodes, double *solutions)
{
	dlx_problem *p = pr->p;
	size_t base = dlx_forced_count(p);
	double weight = 1, x = 0, s = 0;
	bool run = first != 0;
	int32_t left = 0;
	int32_t i = 0;
	int rc = DLX_OK;
	if (pr->track)
		dlx__probe_start(p);
	for (;;) {
		if (!run) {
			x += weight;
			pr->entered++;
		}
		i = next_item(pr, i, left);
		if (!i) {
			if (run)
				rc = DLX_ERR_STATE;
			s = weight;
			break;
		}
		size_t n;
		if (run)
			rc = live_options(pr, i, first, last, &n);
		else
			rc = p->len[i] ? live_options(pr, i, p->node.down[i], p->node.up[i], &n) : (n = 0, DLX_OK);
		run = false;
		if (rc || !n)
			break;
		weight *= (double)n;
		rc = force_child(pr, i, pr->live[uniform_below(&pr->rng, n)], &left);
		if (rc)
			break;
	}
	dlx__release_probe(p, base, pr->track);
	*nodes = x;
	*solutions = s;
	return rc;
}

/* Running means and variances (Welford), one pair per job. */
struct moments {
	uint64_t n;
	double mean[2], m2[2];
};

static void moments_add(struct moments *m, double nodes, double solutions)
{
	double v[2] = { nodes, solutions };
	m->n++;
	for (int k = 0; k < 2; k++) {
		double d = v[k] - m->mean[k];
		m->mean[k] += d / (double)m->n;
		m->m2[k] += d * (v[k] - m->mean[k]);
	}
}

/* Adds a job's mean and the variance of that mean to the totals. */
static void moments_fold(const struct moments *m, double mean[2], double var[2])
{
	for (int k = 0; k < 2; k++) {
		mean[k] += m->mean[k];
		if (m->n > 1)
			var[k] += m->m2[k] / (double)(m->n - 1) / (double)m->n;
	}
}

struct unit {
	const size_t *path;     /* options to force to reach the job's node */
	size_t n_path;
	int32_t first, last;    /* the job's run, or 0 for the whole node */
};

/* Probes each of the n units `each` times, in turn, so that a stop leaves every unit about equally probed. */
static int probe_units(struct prober *pr, const struct unit *u, size_t n, uint64_t each,
		       const dlx_search_params *params, dlx_estimate *out)
{
	dlx_problem *p = pr->p;
	struct moments *m = calloc(n ? n : 1, sizeof *m);
	if (!m)
		return DLX_ERR_NOMEM;
	size_t base = dlx_forced_count(p);
	int rc = DLX_OK;
	uint64_t total = each * n, done = 0;
	for (uint64_t round = 0; round < each && !rc && out->stop == DLX_STOP_COMPLETE; round++) {
		for (size_t j = 0; j < n && !rc; j++) {
			double nodes, solutions;
			rc = dlx__force_path(p, u[j].path, u[j].n_path, &pr->updates);
			if (!rc)
				rc = probe(pr, u[j].first, u[j].last, &nodes, &solutions);
			dlx__release_to(p, base);
			if (rc)
				break;
			moments_add(&m[j], nodes, solutions);
			done++;
			if (params && params->on_poll) {
				dlx_stats so_far = { 0, pr->entered, pr->updates, 0, DLX_STOP_COMPLETE, 0,
						     (double)done / (double)total };
				if (params->on_poll(params->poll_ctx, &so_far)) {
					out->stop = DLX_STOP_POLL;
					break;
				}
			}
		}
	}
	double mean[2] = { 0, 0 }, var[2] = { 0, 0 };
	for (size_t j = 0; j < n; j++)
		moments_fold(&m[j], mean, var);
	free(m);
	out->probes = done;
	out->nodes = mean[0];
	out->solutions = mean[1];
	out->nodes_error = sqrt(var[0]);
	out->solutions_error = sqrt(var[1]);
	out->updates = pr->updates;
	return rc;
}

/*
 * The nodes at which the estimate starts: the root, or a part's jobs.
 * On success *u (NULL for the root) and *cut need freeing with
 * units_free(); *walk has the statistics of the walk that cut the tree
 * (its stop tells whether a poll stopped it: then there are no units).
 */
struct units {
	struct unit *u;
	size_t n;
	struct dlx__cut cut;
	bool have_cut;
	dlx_stats walk;
};

static void units_free(struct units *us)
{
	free(us->u);
	if (us->have_cut)
		dlx__cut_free(&us->cut);
}

static int units_make(dlx_problem *p, const dlx_part *path, size_t depth, const dlx_search_params *params,
		      struct units *us)
{
	static const dlx_stats none = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	us->u = NULL;
	us->n = 0;
	us->have_cut = false;
	us->walk = none;
	if (!depth) {
		us->u = malloc(sizeof *us->u);
		if (!us->u)
			return DLX_ERR_NOMEM;
		us->u[0] = (struct unit){ NULL, 0, 0, 0 };
		us->n = 1;
		return DLX_OK;
	}
	/* The part's jobs, as dlx_search_parts() cuts them. */
	size_t first, stride;
	int rc = dlx__part_cut(p, path, depth, params, &us->cut, &first, &stride, &us->walk);
	us->have_cut = true;
	if (rc || us->walk.stop != DLX_STOP_COMPLETE)
		return rc;
	const struct dlx__cut *cut = &us->cut;
	size_t n = cut->n_jobs > first ? (cut->n_jobs - first - 1) / stride + 1 : 0;
	us->u = malloc((n ? n : 1) * sizeof *us->u);
	if (!us->u)
		return DLX_ERR_NOMEM;
	for (size_t k = 0; k < n; k++) {
		const struct dlx__job *job = &cut->jobs[first + k * stride];
		const struct dlx__group *g = &cut->groups[job->group];
		us->u[k] = (struct unit){ dlx__group_path(cut, g), g->n, job->first, job->last };
	}
	us->n = n;
	return DLX_OK;
}

/* The checks dlx_estimate_tree() and dlx__estimate_exact() share. */
static int estimate_args(const dlx_problem *p, const dlx_part *path, size_t depth)
{
	if (!p)
		return DLX_ERR_INVALID;
	if (p->iterating)
		return DLX_ERR_STATE;
	/* The probes walk Algorithm X's tree (or M's, whole); a propagating search's is another one. */
	if (p->propagate || (dlx__bounded(p) && depth))
		return DLX_ERR_STATE;
	return depth ? dlx__check_parts(path, depth) : DLX_OK;
}

/* dlx_estimate_tree() of a bounded problem's whole tree: Algorithm M's probes, polled as probe_units() polls. */
static int estimate_m(const dlx_problem *p, uint64_t probes, uint64_t seed, const dlx_search_params *params,
		      dlx_estimate *out)
{
	struct dlx__mprober *pr;
	int rc = dlx__mprober_new(p, &pr);
	if (rc) {
		out->stop = DLX_STOP_ERROR;
		return rc;
	}
	struct moments m = { 0, { 0, 0 }, { 0, 0 } };
	uint64_t rng = seed, entered = 0, updates = 0;
	while (m.n < probes) {
		double nodes, solutions;
		rc = dlx__mprobe(pr, &rng, &nodes, &solutions, &entered, &updates);
		if (rc)
			break;
		moments_add(&m, nodes, solutions);
		if (params && params->on_poll) {
			dlx_stats so_far = { 0, entered, updates, 0, DLX_STOP_COMPLETE, 0, (double)m.n / (double)probes };
			if (params->on_poll(params->poll_ctx, &so_far)) {
				out->stop = DLX_STOP_POLL;
				break;
			}
		}
	}
	dlx__mprober_free(pr);
	double mean[2] = { 0, 0 }, var[2] = { 0, 0 };
	moments_fold(&m, mean, var);
	out->probes = m.n;
	out->nodes = mean[0];
	out->solutions = mean[1];
	out->nodes_error = sqrt(var[0]);
	out->solutions_error = sqrt(var[1]);
	out->updates = updates;
	if (rc)
		out->stop = DLX_STOP_ERROR;
	return rc;
}

int dlx_estimate_tree(dlx_problem *p, uint64_t probes, uint64_t seed, const dlx_part *path, size_t depth,
		      const dlx_search_params *params, dlx_estimate *out)
{
	static const dlx_estimate none = { 0, 0, 0, 0, 0, 0, DLX_STOP_COMPLETE };
	if (out)
		*out = none;
	int rc = estimate_args(p, path, depth);
	if (rc)
		return rc;
	if (!out || !probes)
		return DLX_ERR_INVALID;
	if (dlx__bounded(p))
		return estimate_m(p, probes, seed, params, out);
	struct units us;
	rc = units_make(p, path, depth, params, &us);
	if (!rc && us.walk.stop != DLX_STOP_COMPLETE) {
		out->stop = us.walk.stop;
	} else if (!rc) {
		struct prober pr = { p, seed, 0, 0, NULL, 0, p->track };
		/* With parts, at least two probes a job, so that each has a variance. */
		uint64_t each = (probes + us.n - 1) / (us.n ? us.n : 1);
		if (depth && each < 2)
			each = 2;
		rc = probe_units(&pr, us.u, us.n, each, params, out);
		free(pr.live);
	}
	out->updates += us.walk.updates;
	units_free(&us);
	if (rc)
		out->stop = DLX_STOP_ERROR;
	return rc;
}

/*
 * Counts the nodes and solutions below p's state as the probes see the
 * tree (see dlx__estimate_exact()); parent and left as next_item()'s.
 */
static int count_below(struct prober *pr, int32_t first, int32_t last, int32_t parent, int32_t left,
		       uint64_t *nodes, uint64_t *solutions)
{
	dlx_problem *p = pr->p;
	bool run = first != 0;
	if (!run)
		++*nodes;
	int32_t i = next_item(pr, parent, left);
	if (!i) {
		++*solutions;
		return run ? DLX_ERR_STATE : DLX_OK;
	}
	if (!run && !p->len[i])
		return DLX_OK;
	size_t n;
	int rc = live_options(pr, i, run ? first : p->node.down[i], run ? last : p->node.up[i], &n);
	if (rc || !n)
		return rc;
	/* mine[n..]: skipped[] as it is here (a scan below may move scan_from past items only the choices below cover). */
	int32_t from = p->scan_from, n_skipped = p->n_skipped;
	int32_t *mine = malloc((n + (size_t)n_skipped) * sizeof *mine);
	if (!mine)
		return DLX_ERR_NOMEM;
	int32_t *skipped = mine + n;
	memcpy(mine, pr->live, n * sizeof *mine);
	memcpy(skipped, p->skipped, (size_t)n_skipped * sizeof *skipped);
	size_t keep = dlx_forced_count(p);
	for (size_t k = 0; k < n && !rc; k++) {
		int32_t below_left;
		rc = force_child(pr, i, mine[k], &below_left);
		if (!rc)
			rc = count_below(pr, 0, 0, i, below_left, nodes, solutions);
		dlx__release_probe(p, keep, pr->track);
		p->scan_from = from;
		p->n_skipped = n_skipped;
		memcpy(p->skipped, skipped, (size_t)n_skipped * sizeof *skipped);
	}
	free(mine);
	return rc;
}

int dlx__estimate_exact(dlx_problem *p, const dlx_part *path, size_t depth, uint64_t *nodes, uint64_t *solutions)
{
	*nodes = *solutions = 0;
	int rc = estimate_args(p, path, depth);
	if (rc)
		return rc;
	/* count_below() counts Algorithm X's tree. */
	if (dlx__bounded(p))
		return DLX_ERR_STATE;
	struct units us;
	rc = units_make(p, path, depth, NULL, &us);
	struct prober pr = { p, 0, 0, 0, NULL, 0, p->track };
	size_t base = dlx_forced_count(p);
	for (size_t j = 0; !rc && j < us.n; j++) {
		rc = dlx__force_path(p, us.u[j].path, us.u[j].n_path, &pr.updates);
		if (!rc && pr.track)
			dlx__probe_start(p);
		if (!rc)
			rc = count_below(&pr, us.u[j].first, us.u[j].last, 0, 0, nodes, solutions);
		dlx__release_to(p, base);
	}
	free(pr.live);
	units_free(&us);
	return rc;
}
