/*
 * dlx_search_split(): one search spread over threads, or one part of it.
 *
 * The top of the search tree is cut into jobs (dlx-cut.h): runs of a
 * node's children.  Forcing a job's path on a clone of the problem and
 * searching the run there explores exactly those subtrees, because the
 * heuristic sees the same state the whole search would have seen.  Jobs
 * are disjoint and together cover the tree, so their counts add up to the
 * total.
 *
 * A bounded problem (Algorithm M, dlx-search-m.c) is cut differently: its
 * tree has branches that are no option (an item closed), and its state is
 * the search's own copy of the links, so no path can be forced on a
 * clone.  Instead every worker walks the top of the tree itself and
 * searches the subtrees of the leaves it claims (struct dlx__mcut): the
 * top is walked once per thread, its leaves are handed out one at a time,
 * and nothing is set up per leaf but what the search itself does there.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx-crew.h"
#include "dlx-cut.h"
#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx.h"

/* What the threads of one split search share. */
struct split_shared {
	const dlx_search_params *params;
	const struct dlx__cut *cut;
	size_t first, stride;   /* this part's jobs: first, first + stride, ... */
	size_t *order;          /* ... in the order the workers take them: biggest first */
	size_t n_order;
	atomic_size_t next;     /* index among this part's jobs */
	atomic_int stop;        /* a dlx_stop_reason other than COMPLETE: everyone stops */
	atomic_uint_fast64_t nodes_so_far;
	unsigned running;       /* workers not yet finished; guarded by mu, signalled by done */
	pthread_cond_t done;
	pthread_mutex_t mu;     /* guards what follows and the user's on_solution */
	uint64_t solutions;     /* counted through on_solution or against a limit */
	uint64_t counted;       /* counted by workers alone, in finished jobs */
	double done_share;      /* the shares of finished jobs */
	int rc;
	const dlx_problem *problem;     /* a bounded problem: read by every worker */
	atomic_uint_fast64_t claim;     /* a bounded problem: the next leaf of the cut to hand out */
};

struct split_worker {
	struct split_shared *sh;
	dlx_problem *clone;     /* the worker's copy of the caller's problem (dlx__problem_borrow()) */
	pthread_t thread;
	dlx_stats total;
	uint64_t polled_nodes;  /* nodes already added to sh->nodes_so_far for this job */
	double job_share;       /* guarded by sh->mu, with job_progress and job_solutions */
	double job_progress;
	uint64_t job_solutions;
	uint32_t max_level;
	bool started;
	struct dlx__job_place pl; /* where the clone stands among the jobs */
	struct dlx__mcut mcut;  /* a bounded problem: the worker's cut, and what it walked above it */
	dlx_stats shared;       /* a bounded problem: the nodes, updates and branches above the cut */
};

static void split_set_stop(struct split_shared *sh, dlx_stop_reason why)
{
	int none = DLX_STOP_COMPLETE;
	atomic_compare_exchange_strong(&sh->stop, &none, (int)why);
}

/* Counts and reports one solution; exact under a limit because it runs under the lock. */
static int split_worker_solution(void *ctx, const size_t *options, size_t n)
{
	struct split_worker *w = ctx;
	struct split_shared *sh = w->sh;
	const dlx_search_params *pa = sh->params;
	int stop = 0;
	pthread_mutex_lock(&sh->mu);
	if (atomic_load(&sh->stop) != DLX_STOP_COMPLETE) {
		stop = 1;
	} else {
		sh->solutions++;
		if (pa->on_solution && pa->on_solution(pa->solution_ctx, options, n)) {
			split_set_stop(sh, DLX_STOP_CALLBACK);
			stop = 1;
		} else if (pa->solution_limit && sh->solutions >= pa->solution_limit) {
			split_set_stop(sh, DLX_STOP_LIMIT);
			stop = 1;
		}
	}
	pthread_mutex_unlock(&sh->mu);
	return stop;
}

/*
 * Adds the nodes of w's job not yet added to the shared count, and stops
 * everyone once they reach the node limit.  At every poll and after every
 * job: a job too small to poll would otherwise never be counted in time.
 */
static void split_count_nodes(struct split_worker *w, uint64_t job_nodes)
{
	struct split_shared *sh = w->sh;
	uint64_t total = atomic_fetch_add(&sh->nodes_so_far, job_nodes - w->polled_nodes) +
			 (job_nodes - w->polled_nodes);
	w->polled_nodes = job_nodes;
	if (sh->params->node_limit && total >= sh->params->node_limit)
		split_set_stop(sh, DLX_STOP_NODE_LIMIT);
}

static int split_worker_poll(void *ctx, const dlx_stats *so_far)
{
	struct split_worker *w = ctx;
	struct split_shared *sh = w->sh;
	split_count_nodes(w, so_far->nodes);
	pthread_mutex_lock(&sh->mu);
	w->job_progress = so_far->progress;
	w->job_solutions = so_far->solutions;
	pthread_mutex_unlock(&sh->mu);
	return atomic_load(&sh->stop) != DLX_STOP_COMPLETE;
}

/* Searches one job, its clone at the job's node already. */
static int split_search_job(struct split_worker *w, const struct dlx__job *job, const dlx_search_params *wp,
			    dlx_stats *st)
{
	if (job->first)
		return dlx__search_range(w->clone, job->first, job->last, wp, st);
	return dlx_search(w->clone, wp, st);
}

static void *split_worker_main(void *arg)
{
	struct split_worker *w = arg;
	struct split_shared *sh = w->sh;
	const struct dlx__cut *cut = sh->cut;
	const dlx_search_params *pa = sh->params;
	dlx__place_init(&w->pl, w->clone);
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	/* Counting alone needs no lock; callbacks and limits go through split_worker_solution. */
	if (pa->on_solution || pa->solution_limit) {
		wp.on_solution = split_worker_solution;
		wp.solution_ctx = w;
	}
	wp.on_poll = split_worker_poll;
	wp.poll_ctx = w;
	wp.poll_interval = 4096;
	while (atomic_load(&sh->stop) == DLX_STOP_COMPLETE) {
		size_t k = atomic_fetch_add(&sh->next, 1);
		if (k >= sh->n_order)
			break;
		size_t j = sh->order[k];
		double share = dlx__job_share(cut, j);
		int rc = dlx__place_reach(w->clone, &w->pl, sh->cut, &cut->jobs[j]);
		dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
		if (!rc) {
			pthread_mutex_lock(&sh->mu);
			w->job_share = share;
			w->job_progress = 0;
			w->job_solutions = 0;
			pthread_mutex_unlock(&sh->mu);
			w->polled_nodes = 0;
			rc = split_search_job(w, &cut->jobs[j], &wp, &st);
		}
		split_count_nodes(w, st.nodes);
		w->total.nodes += st.nodes;
		w->total.updates += st.updates;
		w->total.branches += st.branches;
		if (st.max_level > w->max_level)
			w->max_level = st.max_level;
		pthread_mutex_lock(&sh->mu);
		if (!wp.on_solution) {
			if (sh->counted > UINT64_MAX - st.solutions)
				rc = DLX_ERR_OVERFLOW;
			else
				sh->counted += st.solutions;
		}
		w->job_solutions = 0;
		if (st.stop == DLX_STOP_COMPLETE)
			sh->done_share += share;
		w->job_share = 0;
		if (rc && !sh->rc)
			sh->rc = rc;
		pthread_mutex_unlock(&sh->mu);
		if (rc)
			split_set_stop(sh, DLX_STOP_ERROR);
	}
	dlx__place_leave(w->clone, &w->pl);
	pthread_mutex_lock(&sh->mu);
	if (--sh->running == 0)
		pthread_cond_signal(&sh->done);
	pthread_mutex_unlock(&sh->mu);
	return NULL;
}

struct split_job_ref {
	int class;
	size_t j;
};

/* Biggest class first; the tree's order within a class, so the order is deterministic. */
static int split_by_class_desc(const void *a, const void *b)
{
	const struct split_job_ref *x = a, *y = b;
	if (x->class != y->class)
		return x->class < y->class ? 1 : -1;
	return (x->j > y->j) - (x->j < y->j);
}

/*
 * The order the workers take this part's jobs in: the biggest first, by
 * Knuth's estimate rounded to a power of two, so that the last jobs to
 * start are small ones and the threads finish close together; in the
 * tree's order among jobs of about the same size, so that a worker's next
 * job is often at or near its last one's node (see dlx__place_reach()).  NULL
 * when memory is short.
 */
size_t *dlx__part_job_order(const struct dlx__cut *cut, size_t first, size_t stride, size_t *n)
{
	*n = first < cut->n_jobs ? (cut->n_jobs - first - 1) / stride + 1 : 0;
	struct split_job_ref *refs = malloc((*n ? *n : 1) * sizeof *refs);
	size_t *order = malloc((*n ? *n : 1) * sizeof *order);
	if (!refs || !order) {
		free(refs);
		free(order);
		return NULL;
	}
	for (size_t k = 0; k < *n; k++) {
		refs[k].j = first + k * stride;
		refs[k].class = dlx__job_class(cut, refs[k].j);
	}
	qsort(refs, *n, sizeof *refs, split_by_class_desc);
	for (size_t k = 0; k < *n; k++)
		order[k] = refs[k].j;
	free(refs);
	return order;
}

/*
 * Sets up sh for this part's jobs of the cut: first, first + stride, ...
 * DLX_ERR_NOMEM when memory is short, and then there is nothing to
 * destroy; otherwise split_shared_destroy() frees what it holds.
 */
static int split_shared_init(struct split_shared *sh, const dlx_search_params *params, const struct dlx__cut *cut,
			     size_t first, size_t stride)
{
	memset(sh, 0, sizeof *sh);
	sh->params = params;
	sh->cut = cut;
	sh->first = first;
	sh->stride = stride;
	sh->order = dlx__part_job_order(cut, first, stride, &sh->n_order);
	if (!sh->order)
		return DLX_ERR_NOMEM;
	atomic_init(&sh->next, 0);
	atomic_init(&sh->stop, DLX_STOP_COMPLETE);
	atomic_init(&sh->nodes_so_far, 0);
	pthread_mutex_init(&sh->mu, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&sh->done, &ca);
	pthread_condattr_destroy(&ca);
	return DLX_OK;
}

static void split_shared_destroy(struct split_shared *sh)
{
	free(sh->order);
	pthread_mutex_destroy(&sh->mu);
	pthread_cond_destroy(&sh->done);
}

/* Adds b to *a, or records an overflow: totals are never wrapped. */
static void split_add_count(uint64_t *a, uint64_t b, int *rc)
{
	if (*a > UINT64_MAX - b)
		*rc = DLX_ERR_OVERFLOW;
	else
		*a += b;
}

static double split_part_share(const struct split_shared *sh)
{
	double s = 0;
	for (size_t j = sh->first; j < sh->cut->n_jobs; j += sh->stride)
		s += dlx__job_share(sh->cut, j);
	return s;
}

/*
 * Starts a worker on its own clone of p in each of the `threads` slots of
 * w, in order, until a clone or a thread cannot be made; returns how many
 * started.  A slot left behind has no clone and started false.  The clones
 * borrow what never changes (dlx__problem_borrow()).  p itself is no
 * worker's, so that the callbacks can read its options, colors and counts
 * as during dlx_search().
 */
static unsigned split_start_workers(struct split_worker *w, unsigned threads, struct split_shared *sh,
				    const dlx_problem *p)
{
	unsigned started = 0;
	for (unsigned t = 0; t < threads; t++) {
		w[t].sh = sh;
		w[t].clone = dlx__problem_borrow(p);
		if (!w[t].clone)
			break;
		pthread_mutex_lock(&sh->mu);
		sh->running++;
		pthread_mutex_unlock(&sh->mu);
		if (pthread_create(&w[t].thread, NULL, split_worker_main, &w[t]) != 0) {
			dlx_problem_free(w[t].clone);
			w[t].clone = NULL;
			pthread_mutex_lock(&sh->mu);
			sh->running--;
			pthread_mutex_unlock(&sh->mu);
			break;
		}
		w[t].started = true;
		started++;
	}
	return started;
}

/*
 * The statistics so far, for the caller's poll: the finished jobs' shares
 * and counts, and the running jobs' as far as their last poll went.
 * Called with sh->mu held.
 */
static dlx_stats split_so_far(struct split_shared *sh, const struct split_worker *w, unsigned threads,
			      double total_share)
{
	const dlx_search_params *params = sh->params;
	dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	now.nodes = atomic_load(&sh->nodes_so_far);
	double done = sh->done_share;
	now.solutions = sh->solutions + sh->counted;
	for (unsigned t = 0; t < threads; t++) {
		done += w[t].job_share * w[t].job_progress;
		/* Callbacks count in sh->solutions already. */
		if (!params->on_solution && !params->solution_limit)
			now.solutions += w[t].job_solutions;
	}
	now.progress = total_share > 0 ? done / total_share : 0;
	return now;
}

/*
 * Waits until every worker is done, running the caller's poll about every
 * 10 ms meanwhile.  The poll runs here, so it never has to be thread-safe.
 */
static void split_wait(struct split_shared *sh, const struct split_worker *w, unsigned threads, double total_share)
{
	const dlx_search_params *params = sh->params;
	pthread_mutex_lock(&sh->mu);
	while (sh->running > 0) {
		dlx__wait_10ms(&sh->done, &sh->mu);
		if (sh->running == 0 || !params->on_poll)
			continue;
		dlx_stats now = split_so_far(sh, w, threads, total_share);
		/* Unlocked: the callback may be slow, and workers need the lock. */
		pthread_mutex_unlock(&sh->mu);
		if (params->on_poll(params->poll_ctx, &now))
			split_set_stop(sh, DLX_STOP_POLL);
		pthread_mutex_lock(&sh->mu);
	}
	pthread_mutex_unlock(&sh->mu);
}

/* Joins the workers that started, adds their counts to *st and *setup, and frees their clones. */
static void split_join_workers(struct split_worker *w, unsigned threads, dlx_stats *st, uint64_t *setup, int *rc)
{
	for (unsigned t = 0; t < threads; t++) {
		if (w[t].started)
			pthread_join(w[t].thread, NULL);
		split_add_count(&st->nodes, w[t].total.nodes, rc);
		split_add_count(&st->updates, w[t].total.updates, rc);
		split_add_count(&st->branches, w[t].total.branches, rc);
		if (w[t].max_level > st->max_level)
			st->max_level = w[t].max_level;
		*setup += w[t].pl.setup;
		dlx_problem_free(w[t].clone);
	}
}

/*
 * Searches sh's jobs on `threads` clones of p and puts the totals in
 * *stats (may be NULL) and the workers' setup updates in *setup; walk is
 * the walk that made the cut, whose nodes a whole search counts, or NULL
 * for a part.
 */
static int split_run(struct split_shared *sh, dlx_problem *p, unsigned threads, const dlx_stats *walk,
		     dlx_stats *stats, uint64_t *setup)
{
	double total_share = split_part_share(sh);
	/* A clone per thread costs memory: none for threads that would find no job. */
	if (threads > sh->n_order)
		threads = sh->n_order ? (unsigned)sh->n_order : 1;
	struct split_worker *w = calloc(threads, sizeof *w);
	if (!w)
		return DLX_ERR_NOMEM;
	int rc = DLX_OK;
	if (split_start_workers(w, threads, sh, p) == 0)
		rc = DLX_ERR_NOMEM;
	else
		split_wait(sh, w, threads, total_share);
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	split_join_workers(w, threads, &st, setup, &rc);
	free(w);
	split_add_count(&st.solutions, sh->solutions, &rc);
	split_add_count(&st.solutions, sh->counted, &rc);
	/*
	 * The nodes above the cut and their link updates, so that the totals
	 * are those of one search: each job's root is a leaf of the walk.  A
	 * part (walk NULL) leaves them out, so that the parts' totals add up.
	 */
	if (walk) {
		split_add_count(&st.nodes, walk->nodes - sh->cut->leaves, &rc);
		split_add_count(&st.updates, walk->updates, &rc);
		/* A leaf of the walk does not branch there: its job's search does. */
		split_add_count(&st.branches, walk->branches, &rc);
	}
	st.stop = (dlx_stop_reason)atomic_load(&sh->stop);
	st.progress = st.stop == DLX_STOP_COMPLETE ? 1.0 : (total_share > 0 ? sh->done_share / total_share : 0);
	if (!rc)
		rc = sh->rc;
	if (rc)
		st.stop = DLX_STOP_ERROR;
	if (stats)
		*stats = st;
	return rc;
}

/* A worker of a bounded problem: one run of Algorithm M over the whole tree, searching its leaves of the cut. */
static void *split_worker_m(void *arg)
{
	struct split_worker *w = arg;
	struct split_shared *sh = w->sh;
	const dlx_search_params *pa = sh->params;
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	if (pa->on_solution || pa->solution_limit) {
		wp.on_solution = split_worker_solution;
		wp.solution_ctx = w;
	}
	wp.on_poll = split_worker_poll;
	wp.poll_ctx = w;
	wp.poll_interval = 4096;
	pthread_mutex_lock(&sh->mu);
	w->job_share = 1;
	pthread_mutex_unlock(&sh->mu);
	dlx_stats st;
	int rc = dlx__search_m_cut(sh->problem, &wp, &w->mcut, &st);
	const struct dlx__mcut *c = &w->mcut;
	w->shared = (dlx_stats){ .nodes = c->shared_nodes, .updates = st.updates - c->owned_updates,
				 .branches = c->shared_branches, .stop = DLX_STOP_COMPLETE };
	w->total.nodes = st.nodes - c->shared_nodes;
	w->total.updates = c->owned_updates;
	w->total.branches = st.branches - c->shared_branches;
	w->max_level = st.max_level;
	split_count_nodes(w, c->lead ? st.nodes : w->total.nodes);
	pthread_mutex_lock(&sh->mu);
	if (!wp.on_solution)
		split_add_count(&sh->counted, st.solutions, &rc);
	w->job_solutions = 0;
	if (st.stop == DLX_STOP_COMPLETE)
		sh->done_share += 1;
	w->job_share = 0;
	if (rc && !sh->rc)
		sh->rc = rc;
	pthread_mutex_unlock(&sh->mu);
	if (rc)
		split_set_stop(sh, DLX_STOP_ERROR);
	pthread_mutex_lock(&sh->mu);
	if (--sh->running == 0)
		pthread_cond_signal(&sh->done);
	pthread_mutex_unlock(&sh->mu);
	return NULL;
}

/*
 * dlx__search_parts_setup() for a bounded problem: the cut planned, then
 * `threads` workers on it.  With a path the figures are the part's leaves'
 * alone, as a part's jobs' are; otherwise the walk above the cut counts
 * once, so that a complete search gives dlx_search()'s figures.  *setup
 * gets the link updates of every worker's walk above the cut: what the
 * threads repeat.
 */
static int split_search_m(dlx_problem *p, const dlx_search_params *params, unsigned threads, const dlx_part *path,
			  size_t depth, dlx_stats *stats, uint64_t *setup)
{
	struct dlx__mcut plan;
	dlx_stats walks;
	int rc = dlx__mcut_plan(p, path, depth, (size_t)512 * threads, params, &plan, &walks);
	if (rc || walks.stop != DLX_STOP_COMPLETE) {
		/* Stopped while planning: nothing counted yet, as for a plain problem. */
		if (!rc && stats) {
			stats->nodes = depth ? 0 : walks.nodes;
			stats->updates = depth ? 0 : walks.updates;
			stats->max_level = 0;
			stats->stop = walks.stop;
			stats->progress = 0;
		}
		return rc;
	}
	/* A thread per leaf of the part at most: the leaves it keeps, part - 1 modulo parts. */
	if (threads > plan.leaves)
		threads = plan.leaves ? (unsigned)plan.leaves : 1;
	struct split_shared sh;
	memset(&sh, 0, sizeof sh);
	sh.params = params;
	sh.problem = p;
	atomic_init(&sh.next, 0);
	atomic_init(&sh.stop, DLX_STOP_COMPLETE);
	atomic_init(&sh.nodes_so_far, 0);
	atomic_init(&sh.claim, 0);
	pthread_mutex_init(&sh.mu, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&sh.done, &ca);
	pthread_condattr_destroy(&ca);
	struct split_worker *w = calloc(threads, sizeof *w);
	if (!w) {
		split_shared_destroy(&sh);
		return DLX_ERR_NOMEM;
	}
	unsigned started = 0;
	for (unsigned t = 0; t < threads; t++) {
		w[t].sh = &sh;
		w[t].mcut = plan;
		w[t].mcut.claim = threads > 1 ? &sh.claim : NULL;
		w[t].mcut.lead = t == 0 && depth == 0;
		pthread_mutex_lock(&sh.mu);
		sh.running++;
		pthread_mutex_unlock(&sh.mu);
		if (pthread_create(&w[t].thread, NULL, split_worker_m, &w[t]) != 0) {
			pthread_mutex_lock(&sh.mu);
			sh.running--;
			pthread_mutex_unlock(&sh.mu);
			break;
		}
		w[t].started = true;
		started++;
	}
	/*
	 * Every leaf must be searched: a worker that did not start would
	 * leave its claims to the others, but with none started, nothing runs.
	 */
	if (!started)
		rc = DLX_ERR_NOMEM;
	else
		split_wait(&sh, w, started, (double)started);
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	dlx_stats above = st;
	for (unsigned t = 0; t < threads; t++) {
		if (!w[t].started)
			continue;
		pthread_join(w[t].thread, NULL);
		split_add_count(&st.nodes, w[t].total.nodes, &rc);
		split_add_count(&st.updates, w[t].total.updates, &rc);
		split_add_count(&st.branches, w[t].total.branches, &rc);
		if (w[t].max_level > st.max_level)
			st.max_level = w[t].max_level;
		*setup += w[t].shared.updates;
		/* Every worker walks the same top; one stopped early walked less of it. */
		if (w[t].shared.nodes > above.nodes)
			above = w[t].shared;
	}
	free(w);
	if (!depth) {
		split_add_count(&st.nodes, above.nodes, &rc);
		split_add_count(&st.updates, above.updates, &rc);
		split_add_count(&st.branches, above.branches, &rc);
	}
	split_add_count(&st.solutions, sh.solutions, &rc);
	split_add_count(&st.solutions, sh.counted, &rc);
	st.stop = (dlx_stop_reason)atomic_load(&sh.stop);
	st.progress = st.stop == DLX_STOP_COMPLETE ? 1.0 : (started ? sh.done_share / started : 0);
	if (!rc)
		rc = sh.rc;
	if (rc)
		st.stop = DLX_STOP_ERROR;
	split_shared_destroy(&sh);
	if (stats)
		*stats = st;
	return rc;
}

int dlx_search_split(dlx_problem *p, const dlx_search_params *params, const dlx_split_params *split,
		     dlx_stats *stats)
{
	uint64_t setup;
	if (p && dlx__iterating(p))
		return DLX_ERR_STATE;
	return dlx__search_split_setup(p, params, split, stats, &setup);
}

int dlx_search_parts(dlx_problem *p, const dlx_search_params *params, unsigned threads, const dlx_part *path,
		     size_t depth, dlx_stats *stats)
{
	uint64_t setup;
	if (stats)
		*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (!p)
		return DLX_ERR_INVALID;
	if (dlx__iterating(p))
		return DLX_ERR_STATE;
	int rc = dlx__check_parts(path, depth);
	if (rc)
		return rc;
	return dlx__search_parts_setup(p, params, threads, path, depth, stats, &setup);
}

int dlx__search_split_setup(dlx_problem *p, const dlx_search_params *params, const dlx_split_params *split,
			    dlx_stats *stats, uint64_t *setup)
{
	static const dlx_split_params whole = { 1, 0, 0 };
	*setup = 0;
	if (stats)
		*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	split = split ? split : &whole;
	if (!p)
		return DLX_ERR_INVALID;
	uint32_t parts = split->parts ? split->parts : 1;
	if (parts > DLX_MAX_PARTS || (parts > 1 && (split->part < 1 || split->part > parts)))
		return DLX_ERR_INVALID;
	dlx_part one = { split->part, parts };
	return dlx__search_parts_setup(p, params, split->threads, &one, parts > 1 ? 1 : 0, stats, setup);
}

int dlx__search_parts_setup(dlx_problem *p, const dlx_search_params *params, unsigned threads, const dlx_part *path,
			    size_t depth, dlx_stats *stats, uint64_t *setup)
{
	static const dlx_search_params no_params = DLX_SEARCH_PARAMS_INIT;
	const dlx_stats none = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	dlx_stats st = none;
	*setup = 0;
	if (stats)
		*stats = none;
	params = params ? params : &no_params;
	threads = threads ? threads : 1;
	/* Depth 0: the whole tree; with one thread, the plain search. */
	if (depth == 0 && threads == 1)
		return dlx_search(p, params, stats);
	if (dlx__bounded(p))
		return split_search_m(p, params, threads, path, depth, stats, setup);

	/* Enough jobs that threads finish close together; for parts, a cut that depends on the parts only. */
	struct dlx__cut cut;
	dlx_stats walk;
	size_t first = 0, stride = 1;
	int rc = depth ? dlx__part_cut(p, path, depth, params, &cut, &first, &stride, &walk)
		       : dlx__cut(p, (size_t)512 * threads, params, &cut, &walk);
	if (rc || walk.stop != DLX_STOP_COMPLETE) {
		/*
		 * Stopped while cutting: nothing counted yet, which the stop
		 * reason makes clear.  A part leaves the walk's nodes out, as
		 * split_run() does.
		 */
		if (!rc && stats) {
			st.nodes = depth ? 0 : walk.nodes;
			st.updates = depth ? 0 : walk.updates;
			st.branches = depth ? 0 : walk.branches;
			st.max_level = walk.max_level;
			st.stop = walk.stop;
			st.progress = 0;
			*stats = st;
		}
	} else {
		struct split_shared sh;
		rc = split_shared_init(&sh, params, &cut, first, stride);
		if (!rc) {
			rc = split_run(&sh, p, threads, depth ? NULL : &walk, stats, setup);
			split_shared_destroy(&sh);
		}
	}
	dlx__cut_free(&cut);
	return rc;
}
