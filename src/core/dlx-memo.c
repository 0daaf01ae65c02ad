/*
 * dlx_memo_count(): Algorithm X that counts each sub-problem once.
 *
 * The count below a node depends only on which options are left there, and
 * those follow from the state of the items: each primary item covered or
 * not, each secondary item free, covered or purified to a color.  So the
 * search keeps that state as a key (a bit per primary item; a bit per
 * secondary item, or 32 bits with colors: 0 free, all ones covered, else
 * the color) and a Zobrist hash of it, both updated by every cover and
 * uncover, and looks each node's state up in a table (dlx-memo-table.c)
 * before searching below it.  A node's count is the sum of its children's,
 * summed on a stack of counts as the iterative search backtracks, and
 * stored when the node is done.
 *
 * Nodes whose item has a single option are neither looked up nor stored:
 * their count is their child's, which is.  The solutions counted so far
 * (at solutions reached and at hits) are the count when the search ends,
 * and a lower bound of it when a limit or a poll stops it.
 *
 * A part of a split count is the jobs that dlx_search_split() would
 * search (dlx-cut.h): each a run of a node's options, counted with that
 * node's path forced and its item covered.  States are the whole
 * problem's, so one table serves every job of a thread.
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx-crew.h"
#include "dlx-cut.h"
#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-links.h"
#include "dlx-memo.h"
#include "dlx-memo-key.h"

/* A level of the search's stack. */
struct memo_level {
	int32_t item;           /* the item branched on */
	int32_t x;              /* the option being tried there */
	int32_t from;           /* DLX_MEMO_FIRST: every primary item before it is covered below this node */
	int32_t lens;           /* the item's options when it was branched on (progress) */
	int32_t tried;          /* the options before x in its list (progress: walking them made polls O(lens)) */
	uint64_t hash;          /* the state's hash on entering the node */
	bool store;             /* the node was looked up, and its count is to be stored */
	int32_t least;          /* the least len covering the item left, its own folded in (choose_below()) */
	struct dlx__scan_mark scan; /* where its scans started (choose_below()) */
};

/* One counting thread's memory: the state's key and hash, the stack, the table, the counters. */
struct memo_state {
	dlx_problem *p;
	dlx_memo_order order;
	struct memo_key k;      /* the items' state and its hash */
	struct memo_level *lv;
	struct memo_sum *sum;   /* the count of each level's node so far */
	size_t depth;
	struct memo_sum found;  /* solutions counted so far */
	struct memo_table table;
	uint64_t nodes, updates, branches;
	uint32_t max_level;
	uint32_t poll_left;
	/*
	 * The level of the node the last poll came at: after a stop by that
	 * poll, lv[] and sum[] below it still hold the path and its counts,
	 * which a checkpoint saves (the unwinding undoes only the links).
	 */
	uint32_t at_level;
};

/* Knuth's estimate of the fraction done, from the positions of the path's choices (as dlx_search()'s). */
static double memo_progress(const struct memo_state *m, size_t level, int32_t first, double width)
{
	double done = 0, share = 1;
	for (size_t l = 0; l < level; l++) {
		const struct memo_level *v = &m->lv[l];
		DLX_COUNT_SCAN(m->p, 1);
		double n = l == 0 && first ? width : v->lens;
		if (n <= 1)
			continue;
		done += share * v->tried / n;
		share /= n;
	}
	return done;
}

static void memo_fill_stats(const struct memo_state *m, dlx_stats *st)
{
	st->solutions = memo_sum_u64(&m->found);
	st->nodes = m->nodes;
	st->updates = m->updates;
	st->branches = m->branches;
	st->max_level = m->max_level;
}

/*
 * The memoized search of p's state (root_item 0), or of the run of
 * options first..last of root_item, which the caller has covered (a job).
 * The counters go on from m's.  With a path (a checkpoint's), the search
 * first goes down it without counting, each level's item chosen by the
 * rule again and checked, and each level's count set to the saved one;
 * path->check_only then undoes it at once.  Returns DLX_OK (st->stop says
 * why it ended), DLX_ERR_OVERFLOW, or DLX_ERR_SYNTAX for a path this
 * search does not take (nothing searched, p as before).  One routine, as
 * dlx_search()'s loop, for the same reason: its steps share the level and
 * the stack.
 */
static SPECIALIZED int memo_impl(struct memo_state *m, const dlx_search_params *params, dlx_stats *st,
				   int32_t root_item, int32_t first, int32_t last, const struct memo_path *path,
				   const bool colors, const bool fixed, const bool track)
{
	dlx_problem *p = m->p;
	const struct dlx_nodes nd = p->node;
	const int32_t *len = p->len;
	const bool ranged = root_item != 0;
	const uint64_t sol_limit = params->solution_limit, node_limit = params->node_limit;
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	const uint64_t update_room = UINT64_MAX - (uint64_t)p->n_nodes - (uint64_t)p->n_items - 2;
	struct memo_level *lv = m->lv;
	struct memo_sum *sum = m->sum;
	struct memo_val v;
	double width = 0;
	int rc = DLX_OK;
	size_t level = 0;
	int32_t i = 0, x = 0;
	bool calm = false; /* the last commits left every item two or more options (choose_below()) */
	st->stop = DLX_STOP_COMPLETE;
	key_build(&m->k);
	if (track)
		tracked_start(p);
	if (ranged) {
		for (x = first;; x = nd.down[x]) {
			width++;
			if (x == last || x == root_item)
				break;
		}
		lv[0].item = root_item;
		lv[0].from = 1;
		lv[0].lens = (int32_t)width;
		lv[0].tried = 0;
		lv[0].store = false;
		lv[0].least = 0; /* covered before: whether that emptied an item is not known */
		lv[0].scan = scan_mark(p);
		memo_sum_zero(&sum[0]);
		i = root_item;
		x = first;
		if (!path || (!path->depth && !path->check_only))
			goto x5;
	}
	if (path && (path->depth || path->check_only)) {
		uint64_t replay_updates = 0;
		for (; level < path->depth; level++) {
			if (ranged && level == 0) {
				/* The job's item is covered: its option must lie in the run. */
				for (x = first;; x = nd.down[x], lv[0].tried++) {
					if (dlx__option_of_node(p, x) == path->option[0])
						break;
					if (x == last) {
						x = 0;
						break;
					}
				}
				if (!x)
					goto refuse;
			} else {
				if (p->n_act_p == 0)
					goto refuse;
				i = fixed ? choose_first(&m->k, level ? lv[level - 1].from : 1)
					  : !track ? mrv_scan(p) : level == 0 ? choose_tracked(p, 0, true)
								  : choose_below(p, level, lv[level - 1].item, lv[level - 1].least, calm,
											       lv[level - 1].scan);
				if ((uint32_t)(i - 1) != path->item[level] || len[i] == 0)
					goto refuse;
				lv[level].store = len[i] >= 2 && m->table.cap;
				lv[level].item = i;
				lv[level].from = i + 1;
				lv[level].scan = scan_mark(p);
				lv[level].lens = len[i];
				lv[level].tried = 0;
				lv[level].hash = m->k.hash;
				mark(p, i, track);
				{
					int32_t least = lv[level].lens;
					replay_updates += cover(p, i, &least, track, colors);
					lv[level].least = least;
				}
				key_flip(&m->k, i, colors);
				for (x = nd.down[i]; x != i; x = nd.down[x], lv[level].tried++)
					if (dlx__option_of_node(p, x) == path->option[level])
						break;
				if (x == i)
					goto refuse_item;
			}
			mark_rest(p, x, track, colors);
			int32_t least = INT32_MAX;
			int32_t dead = commit_rest_until_empty(p, x, &replay_updates, &least, track, colors);
			if (dead) {
				uncommit_back(p, x, dead, track, colors);
				unmark_rest(p, x, track, colors);
				if (ranged && level == 0)
					goto refuse;
				goto refuse_item;
			}
			calm = least >= 2;
			key_option(&m->k, x, colors);
			lv[level].x = x;
			memo_sum_zero(&sum[level]);
			memo_sum_add(&sum[level], &path->sum[level]);
		}
		if (path->check_only)
			goto unwind;
		goto x2;
refuse_item:	/* Level `level`'s item is covered, no option chosen there. */
		key_flip(&m->k, i, colors);
		uncover(p, i, track, colors);
		unmark(p, i, track);
refuse:
		rc = DLX_ERR_SYNTAX;
		st->stop = DLX_STOP_ERROR;
		goto unwind;
	}

x2:	/* Enter a node: a solution, a state counted before, or a branching. */
	if (m->nodes == UINT64_MAX || m->branches == UINT64_MAX || m->updates > update_room) {
		rc = DLX_ERR_OVERFLOW;
		st->stop = DLX_STOP_ERROR;
		goto unwind;
	}
	if (node_limit && m->nodes >= node_limit) {
		st->stop = DLX_STOP_NODE_LIMIT;
		goto unwind;
	}
	m->nodes++;
	if (level > m->max_level)
		m->max_level = (uint32_t)level;
	if (params->on_poll && --m->poll_left == 0) {
		m->poll_left = poll_every;
		m->at_level = (uint32_t)level;
		dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
		memo_fill_stats(m, &now);
		now.progress = memo_progress(m, level, ranged ? first : 0, width);
		if (params->on_poll(params->poll_ctx, &now)) {
			st->stop = DLX_STOP_POLL;
			goto unwind;
		}
	}
	if (p->n_act_p == 0) {
		v.lo = 1;
		v.big = NULL;
		goto counted;
	}
	i = fixed ? choose_first(&m->k, level ? lv[level - 1].from : 1)
					  : !track ? mrv_scan(p) : level == 0 ? choose_tracked(p, 0, true)
								  : choose_below(p, level, lv[level - 1].item, lv[level - 1].least, calm,
											       lv[level - 1].scan);
	if (len[i] == 0) {
		/* Only at the root: below it a choice that empties an item is given up at once. */
		v.lo = 0;
		v.big = NULL;
		goto ret;
	}
	lv[level].store = len[i] >= 2 && m->table.cap;
	if (lv[level].store && memo_table_get(&m->table, m->k.hash, m->k.key, &v))
		goto counted;
	m->branches += len[i] >= 2;
	lv[level].item = i;
	lv[level].from = i + 1;
	lv[level].scan = scan_mark(p);
	lv[level].lens = len[i];
	lv[level].tried = 0;
	lv[level].hash = m->k.hash;
	memo_sum_zero(&sum[level]);
	mark(p, i, track);
	{
		int32_t least = lv[level].lens;
		m->updates += cover(p, i, &least, track, colors);
		lv[level].least = least;
	}
	key_flip(&m->k, i, colors);
	x = nd.down[i];

x5:	/* Try option x of item i, or end the node when they are all tried. */
	if (x == i) {
		if (ranged && level == 0)
			goto done;
		key_flip(&m->k, i, colors);
		uncover(p, i, track, colors);
		unmark(p, i, track);
		v = memo_sum_val(&sum[level]);
		if (lv[level].store)
			memo_table_put(&m->table, lv[level].hash, m->k.key, &v);
		goto ret;
	}
	mark_rest(p, x, track, colors);
	{
		int32_t least = INT32_MAX;
		int32_t dead = commit_rest_until_empty(p, x, &m->updates, &least, track, colors);
		if (dead) {
			uncommit_back(p, x, dead, track, colors);
			unmark_rest(p, x, track, colors);
			goto next;
		}
		calm = least >= 2;
	}
	key_option(&m->k, x, colors);
	lv[level].x = x;
	level++;
	goto x2;

counted: /* The node's count v is solutions found: a solution, or a hit. */
	memo_sum_add(&m->found, &v);
	if (sol_limit && memo_sum_at_least(&m->found, sol_limit)) {
		st->stop = DLX_STOP_LIMIT;
		goto unwind;
	}
	/* fall through */
ret:	/* The node at `level` has count v: add it to its parent's and go on there. */
	if (level == 0)
		goto done;
	level--;
	x = lv[level].x;
	i = lv[level].item;
	memo_sum_add(&sum[level], &v);
	key_option(&m->k, x, colors);
	uncommit_rest(p, x, track, colors);
	unmark_rest(p, x, track, colors);
next:	/* The option x of item i at `level` is done. */
	if (ranged && level == 0 && x == last)
		goto done;
	x = nd.down[x];
	lv[level].tried++;
	goto x5;

unwind:	/* Stopped: undo every level's choice, and its item's cover but for a job's root. */
	st->progress = memo_progress(m, level, ranged ? first : 0, width);
	while (level > 0) {
		x = lv[--level].x;
		key_option(&m->k, x, colors);
		uncommit_rest(p, x, track, colors);
		unmark_rest(p, x, track, colors);
		if (ranged && level == 0)
			break;
		i = lv[level].item;
		key_flip(&m->k, i, colors);
		uncover(p, i, track, colors);
		unmark(p, i, track);
	}
	memo_fill_stats(m, st);
	return rc;
done:
	st->progress = 1.0;
	memo_fill_stats(m, st);
	return rc;
}

/* The copies of the loop, one per coloring and rule. */
static int memo_run(struct memo_state *m, const dlx_search_params *params, dlx_stats *st, int32_t root_item,
		    int32_t first, int32_t last, const struct memo_path *path)
{
	bool fixed = m->order == DLX_MEMO_FIRST;
	/* The low bytes where dlx_search() keeps them (want_tracking()); the first-item rule needs none. */
	bool track = !fixed && m->p->track;
	if (m->p->color)
		return fixed ? memo_impl(m, params, st, root_item, first, last, path, true, true, false)
		       : track ? memo_impl(m, params, st, root_item, first, last, path, true, false, true)
			       : memo_impl(m, params, st, root_item, first, last, path, true, false, false);
	return fixed ? memo_impl(m, params, st, root_item, first, last, path, false, true, false)
	       : track ? memo_impl(m, params, st, root_item, first, last, path, false, false, true)
		       : memo_impl(m, params, st, root_item, first, last, path, false, false, false);
}

static void memo_state_free(struct memo_state *m)
{
	if (m->sum)
		for (size_t l = 0; l < m->depth; l++)
			memo_sum_clear(&m->sum[l]);
	memo_sum_clear(&m->found);
	memo_table_free(&m->table);
	memo_key_free(&m->k);
	free(m->lv);
	free(m->sum);
}

/* Sets m up for counting p's sub-problems; DLX_ERR_NOMEM leaves nothing to free. */
static int memo_state_init(struct memo_state *m, dlx_problem *p, const dlx_memo_params *memo,
			   const dlx_search_params *params)
{
	memset(m, 0, sizeof *m);
	m->p = p;
	m->order = memo->order;
	/* Each level covers a primary item: depth n_primary + 1 at most, a leaf included. */
	m->depth = p->n_primary + 1;
	m->lv = malloc(m->depth * sizeof *m->lv);
	m->sum = malloc(m->depth * sizeof *m->sum);
	memo_sum_init(&m->found);
	if (m->sum)
		for (size_t l = 0; l < m->depth; l++)
			memo_sum_init(&m->sum[l]);
	int rc = m->lv && m->sum ? memo_key_init(&m->k, p) : DLX_ERR_NOMEM;
	if (!rc) {
		rc = memo_table_init(&m->table, m->k.kw, memo->memory ? memo->memory : DLX_MEMO_DEFAULT_MEMORY);
		if (rc)
			memo_key_free(&m->k);
	}
	if (rc) {
		free(m->lv);
		free(m->sum);
		return rc;
	}
	m->poll_left = params->poll_interval ? params->poll_interval : 65536;
	return DLX_OK;
}

int memo_state_new(struct memo_state **out, dlx_problem *p, const dlx_memo_params *memo,
		   const dlx_search_params *params)
{
	struct memo_state *m = malloc(sizeof *m);
	*out = NULL;
	if (!m)
		return DLX_ERR_NOMEM;
	int rc = memo_state_init(m, p, memo, params);
	if (rc) {
		free(m);
		return rc;
	}
	*out = m;
	return DLX_OK;
}

void memo_state_delete(struct memo_state *m)
{
	if (!m)
		return;
	memo_state_free(m);
	free(m);
}

int memo_state_run(struct memo_state *m, const dlx_search_params *params, dlx_stats *st, int32_t root_item,
		   int32_t first, int32_t last, const struct memo_path *path)
{
	return memo_run(m, params, st, root_item, first, last, path);
}

struct memo_table *memo_state_table(struct memo_state *m)
{
	return &m->table;
}

const struct memo_sum *memo_state_found(const struct memo_state *m)
{
	return &m->found;
}

void memo_state_counters(const struct memo_state *m, dlx_stats *st)
{
	memo_fill_stats(m, st);
}

uint32_t memo_state_at_level(const struct memo_state *m)
{
	return m->at_level;
}

void memo_state_level(const struct memo_state *m, uint32_t l, uint32_t *item, uint32_t *option,
		      struct memo_val *sum)
{
	*item = (uint32_t)(m->lv[l].item - 1);
	*option = (uint32_t)dlx__option_of_node(m->p, m->lv[l].x);
	*sum = memo_sum_val(&m->sum[l]);
}

/* Adds the table's statistics of a thread into *sum. */
static void memo_add_table_stats(dlx_memo_stats *sum, const dlx_memo_stats *t)
{
	sum->lookups += t->lookups;
	sum->hits += t->hits;
	sum->stored += t->stored;
	sum->dropped += t->dropped;
	sum->peak_bytes += t->peak_bytes;
}

/* A whole count in the calling thread. */
static int memo_whole(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
		      struct memo_sum *total, dlx_stats *st, dlx_memo_stats *ms)
{
	struct memo_state m;
	int rc = memo_state_init(&m, p, memo, params);
	if (rc)
		return rc;
	rc = memo_run(&m, params, st, 0, 0, 0, NULL);
	if (ms)
		memo_add_table_stats(ms, &m.table.st);
	struct memo_val v = memo_sum_val(&m.found);
	memo_sum_add(total, &v);
	memo_state_free(&m);
	return rc;
}

/* What the threads of a split count share. */
struct memo_shared {
	dlx_problem *p;
	const dlx_search_params *params;
	const dlx_memo_params *memo;
	const struct dlx__cut *cut;
	size_t first, stride;   /* this part's jobs: first, first + stride, ... */
	atomic_size_t next;     /* the next of them to take */
	atomic_int stop;        /* a dlx_stop_reason other than COMPLETE: everyone stops */
	atomic_uint_fast64_t nodes;   /* the workers' nodes so far, for the node limit */
	size_t n_jobs;          /* this part's */
	pthread_mutex_t mu;     /* guards what follows */
	pthread_cond_t done;    /* signalled when the last worker ends */
	struct memo_sum total;  /* the finished workers' counts */
	uint64_t found_so_far;  /* running workers' counts at their last poll, for the caller's polls */
	size_t jobs_done;
	dlx_stats st;           /* the finished workers' statistics */
	dlx_memo_stats ms;
	int rc;
	unsigned running;
};

struct memo_worker {
	struct memo_shared *sh;
	dlx_problem *clone;     /* a copy of p (NULL: the calling thread searches p itself) */
	pthread_t thread;
	bool started;
	uint64_t polled;        /* nodes added to sh->nodes at the last poll */
	uint64_t found;         /* count at the last poll (below 2^64) */
};

static void memo_set_stop(struct memo_shared *sh, dlx_stop_reason why)
{
	int none = DLX_STOP_COMPLETE;
	atomic_compare_exchange_strong(&sh->stop, &none, (int)why);
}

/* A worker's poll: the shared node limit, the others' stops; the caller's poll runs elsewhere (or here, alone). */
static int memo_worker_poll(void *ctx, const dlx_stats *so_far)
{
	struct memo_worker *w = ctx;
	struct memo_shared *sh = w->sh;
	uint64_t add = so_far->nodes - w->polled;
	uint64_t total = atomic_fetch_add(&sh->nodes, add) + add;
	w->polled = so_far->nodes;
	pthread_mutex_lock(&sh->mu);
	sh->found_so_far += so_far->solutions - w->found;
	w->found = so_far->solutions;
	pthread_mutex_unlock(&sh->mu);
	if (sh->params->node_limit && total >= sh->params->node_limit)
		memo_set_stop(sh, DLX_STOP_NODE_LIMIT);
	if (!w->clone && sh->params->on_poll) {
		/* The calling thread alone: the caller's poll, with the part's figures. */
		dlx_stats now = *so_far;
		now.progress = sh->n_jobs ? ((double)sh->jobs_done + so_far->progress) / (double)sh->n_jobs : 0;
		if (sh->params->on_poll(sh->params->poll_ctx, &now))
			memo_set_stop(sh, DLX_STOP_POLL);
	}
	return atomic_load(&sh->stop) != DLX_STOP_COMPLETE;
}

/* Counts jobs from the shared queue on w's problem, with a table of its own, until none is left. */
static void *memo_worker_main(void *arg)
{
	struct memo_worker *w = arg;
	struct memo_shared *sh = w->sh;
	dlx_problem *p = w->clone ? w->clone : sh->p;
	const struct dlx__cut *cut = sh->cut;
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	wp.on_poll = memo_worker_poll;
	wp.poll_ctx = w;
	wp.poll_interval = 4096;
	wp.solution_limit = sh->params->solution_limit;
	struct memo_state m;
	int rc = memo_state_init(&m, p, sh->memo, &wp);
	const bool ready = !rc;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	size_t base = dlx_forced_count(p);
	uint64_t setup = 0;
	while (!rc && atomic_load(&sh->stop) == DLX_STOP_COMPLETE) {
		size_t k = atomic_fetch_add(&sh->next, 1);
		size_t j = sh->first + k * sh->stride;
		if (k >= sh->n_jobs)
			break;
		const struct dlx__job *job = &cut->jobs[j];
		const struct dlx__group *g = &cut->groups[job->group];
		rc = dlx__force_path(p, dlx__group_path(cut, g), g->n, &setup);
		if (!rc && job->first)
			rc = dlx__branch_open(p, job->first, &setup);
		if (!rc) {
			rc = job->first ? memo_run(&m, &wp, &st, p->node.top[job->first], job->first, job->last, NULL)
					: memo_run(&m, &wp, &st, 0, 0, 0, NULL);
			if (job->first)
				dlx__branch_close(p, job->first);
		}
		dlx__release_to(p, base);
		pthread_mutex_lock(&sh->mu);
		sh->jobs_done++;
		pthread_mutex_unlock(&sh->mu);
		if (!rc && st.stop != DLX_STOP_COMPLETE)
			memo_set_stop(sh, st.stop);
	}
	if (rc)
		memo_set_stop(sh, DLX_STOP_ERROR);
	pthread_mutex_lock(&sh->mu);
	if (ready) {
		struct memo_val v = memo_sum_val(&m.found);
		memo_sum_add(&sh->total, &v);
		sh->found_so_far -= w->found;
		sh->st.nodes += m.nodes;
		sh->st.updates += m.updates;
		sh->st.branches += m.branches;
		if (m.max_level > sh->st.max_level)
			sh->st.max_level = m.max_level;
		memo_add_table_stats(&sh->ms, &m.table.st);
	}
	if (rc && !sh->rc)
		sh->rc = rc;
	if (--sh->running == 0)
		pthread_cond_signal(&sh->done);
	pthread_mutex_unlock(&sh->mu);
	if (ready)
		memo_state_free(&m);
	return NULL;
}

/*
 * The caller's polls while workers count: about every 10 ms, with the totals
 * so far; returns as soon as the last worker ends (a small count in threads
 * takes no 10 ms).
 */
static void memo_wait(struct memo_shared *sh)
{
	const dlx_search_params *params = sh->params;
	pthread_mutex_lock(&sh->mu);
	while (sh->running) {
		dlx__wait_10ms(&sh->done, &sh->mu);
		if (!sh->running || !params->on_poll)
			continue;
		dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
		now.nodes = atomic_load(&sh->nodes);
		now.solutions = memo_sum_u64(&sh->total);
		now.solutions += now.solutions <= UINT64_MAX - sh->found_so_far ? sh->found_so_far : 0;
		now.progress = sh->n_jobs ? (double)sh->jobs_done / (double)sh->n_jobs : 0;
		/* Unlocked: the callback may be slow, and the workers need the lock. */
		pthread_mutex_unlock(&sh->mu);
		if (params->on_poll(params->poll_ctx, &now))
			memo_set_stop(sh, DLX_STOP_POLL);
		pthread_mutex_lock(&sh->mu);
	}
	pthread_mutex_unlock(&sh->mu);
}

/* A count cut into jobs: part K of M, or the whole on several threads. */
static int memo_split(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
		      uint32_t parts, uint32_t part, unsigned threads, struct memo_sum *total, dlx_stats *stats,
		      dlx_memo_stats *ms)
{
	struct dlx__cut cut;
	dlx_stats walk;
	/* The jobs dlx_search_split() cuts for parts, so that a part's count is the same either way. */
	size_t target = parts > 1 ? (size_t)64 * parts : (size_t)512 * threads;
	int rc = dlx__cut(p, target, params, &cut, &walk);
	if (rc || walk.stop != DLX_STOP_COMPLETE) {
		if (!rc)
			stats->stop = walk.stop;
		dlx__cut_free(&cut);
		return rc;
	}
	struct memo_shared sh;
	memset(&sh, 0, sizeof sh);
	sh.p = p;
	sh.params = params;
	sh.memo = memo;
	sh.cut = &cut;
	sh.first = parts > 1 ? part - 1 : 0;
	sh.stride = parts;
	sh.n_jobs = sh.first < cut.n_jobs ? (cut.n_jobs - sh.first - 1) / sh.stride + 1 : 0;
	atomic_init(&sh.next, 0);
	atomic_init(&sh.stop, DLX_STOP_COMPLETE);
	atomic_init(&sh.nodes, 0);
	memo_sum_init(&sh.total);
	pthread_mutex_init(&sh.mu, NULL);
	/* Timed waits on monotonic time, which a clock change does not move. */
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&sh.done, &ca);
	pthread_condattr_destroy(&ca);
	if (threads > sh.n_jobs)
		threads = sh.n_jobs ? (unsigned)sh.n_jobs : 1;
	struct memo_worker *w = calloc(threads, sizeof *w);
	if (!w) {
		rc = DLX_ERR_NOMEM;
	} else if (threads == 1) {
		/* One thread: the calling one, on p itself, polling for the caller. */
		w[0].sh = &sh;
		sh.running = 1;
		memo_worker_main(&w[0]);
	} else {
		for (unsigned t = 0; t < threads; t++) {
			w[t].sh = &sh;
			w[t].clone = dlx__problem_borrow(p);
			if (!w[t].clone)
				break;
			pthread_mutex_lock(&sh.mu);
			sh.running++;
			pthread_mutex_unlock(&sh.mu);
			if (pthread_create(&w[t].thread, NULL, memo_worker_main, &w[t]) != 0) {
				pthread_mutex_lock(&sh.mu);
				sh.running--;
				pthread_mutex_unlock(&sh.mu);
				break;
			}
			w[t].started = true;
		}
		if (!w[0].started)
			rc = DLX_ERR_NOMEM;
		memo_wait(&sh);
		for (unsigned t = 0; t < threads; t++) {
			if (w[t].started)
				pthread_join(w[t].thread, NULL);
			dlx_problem_free(w[t].clone);
		}
	}
	free(w);
	if (!rc)
		rc = sh.rc;
	struct memo_val v = memo_sum_val(&sh.total);
	memo_sum_add(total, &v);
	*stats = sh.st;
	stats->stop = (dlx_stop_reason)atomic_load(&sh.stop);
	if (parts == 1) {
		/* The walk's nodes above the cut are the count's too (as dlx_search_split() counts them). */
		stats->nodes += walk.nodes - cut.leaves;
		stats->updates += walk.updates;
		stats->branches += walk.branches;
	}
	if (ms)
		memo_add_table_stats(ms, &sh.ms);
	memo_sum_clear(&sh.total);
	pthread_cond_destroy(&sh.done);
	pthread_mutex_destroy(&sh.mu);
	dlx__cut_free(&cut);
	return rc;
}

int dlx_memo_count(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
		   const dlx_split_params *split, char **count, dlx_stats *stats, dlx_memo_stats *mstats)
{
	static const dlx_search_params no_params = DLX_SEARCH_PARAMS_INIT;
	static const dlx_memo_params no_memo = DLX_MEMO_PARAMS_INIT;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (count)
		*count = NULL;
	if (stats)
		*stats = st;
	if (mstats)
		memset(mstats, 0, sizeof *mstats);
	params = params ? params : &no_params;
	memo = memo ? memo : &no_memo;
	uint32_t parts = split && split->parts ? split->parts : 1;
	unsigned threads = split && split->threads ? split->threads : 1;
	if (!p || params->on_solution || (memo->order != DLX_MEMO_MRV && memo->order != DLX_MEMO_FIRST) ||
	    parts > DLX_MAX_PARTS || (parts > 1 && (split->part < 1 || split->part > parts)))
		return DLX_ERR_INVALID;
	if (p->propagate || p->iterating)
		return DLX_ERR_STATE;
	/* Bounds: the frontier search, without forced options (as dlx_search()). */
	if (dlx__bounded(p) && p->n_forced)
		return DLX_ERR_STATE;
	struct memo_sum total;
	memo_sum_init(&total);
	int rc;
	if (dlx__bounded(p))
		rc = dlx__memo_bounds(p, params, memo, parts, parts > 1 ? split->part : 1, threads, &total, &st,
				      mstats);
	else if (parts == 1 && threads == 1)
		rc = memo_whole(p, params, memo, &total, &st, mstats);
	else
		rc = memo_split(p, params, memo, parts, parts > 1 ? split->part : 1, threads, &total, &st, mstats);
	if (rc && st.stop == DLX_STOP_COMPLETE)
		st.stop = DLX_STOP_ERROR;
	/*
	 * A count that reached a solution limit is the limit, as dlx_search()'s:
	 * also when threads, each below it, made it together.
	 */
	if (params->solution_limit && (st.stop == DLX_STOP_COMPLETE || st.stop == DLX_STOP_LIMIT) &&
	    memo_sum_at_least(&total, params->solution_limit)) {
		st.stop = DLX_STOP_LIMIT;
		memo_sum_zero(&total);
		struct memo_val lim = { params->solution_limit, NULL, { 0, 0, NULL } };
		memo_sum_add(&total, &lim);
	}
	st.solutions = memo_sum_u64(&total);
	if (count) {
		*count = memo_sum_string(&total);
		if (!*count && !rc) {
			rc = DLX_ERR_NOMEM;
			st.stop = DLX_STOP_ERROR;
		}
	}
	memo_sum_clear(&total);
	if (stats)
		*stats = st;
	return rc;
}
