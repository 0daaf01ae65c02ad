/*
 * The memoized count of a problem whose items have bounds (dlx_memo_count()
 * of a bounded problem): a frontier-based search over the options
 * (dlx-frontier.h; Minato's frontier method for ZDDs, Knuth's TAOCP
 * 7.1.4), not Algorithm M.
 *
 * Algorithm M branches on an item and, to meet each set of options once,
 * takes an item's options in turn, each tried one hidden from the
 * branches after it: the count below a node then depends on which options
 * are hidden, not on the items' state alone, so its sub-problems seldom
 * recur.  Here each option in turn is left out or taken (when it fits:
 * each primary item below its upper bound, each secondary item free or of
 * the option's color), so each set of options is met once, and the count
 * below level k depends only on the state of the items still open there.
 * An item the options from k on do not contain is closed at k: a primary
 * one must have reached its lower bound (else the branch counts 0).  On
 * boards whose cells are items in reading order the frontier is about a
 * row wide; in the worst case it holds every item, and the search is then
 * exponential in the options, but the count is exact all the same.
 *
 * A split count (parts, threads) is cut level by level: the distinct
 * states of level 1, 2, ... each with the number of ways the options
 * before reach it, until a level has the cut's target of states or the
 * search ends.  A job is one state of that level, its count weighed by
 * its ways; the cut depends on the target alone, so part K of M is the
 * same jobs whatever the threads.  The jobs are not dlx_search_split()'s
 * (Algorithm M's tree is not this one): the parts of a bounded --memo sum
 * to the count, not to a plain search's parts.
 *
 * Options without a primary item are left out, as Algorithm M never takes
 * them.  The problem's links are not touched: threads share it.
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-crew.h"
#include "dlx-frontier.h"
#include "dlx-memo.h"

/* A level of the search: which branch is under way, and where its changes begin on the trail. */
struct fb_level {
	uint8_t branch;         /* 1: leaving the option out; 2: taking it */
	size_t trail_at;
};

/* One counter: its state, its stack, its table and its figures. */
struct fb {
	const struct frontier_plan *pl;
	struct frontier_state s;
	struct fb_level *lv;
	struct memo_sum *sum;   /* each level's count so far */
	struct memo_table table;
	bool table_ready;
	struct memo_sum found;  /* the solutions counted (of the job under way, in a split) */
	uint64_t nodes, updates, branches;
	uint32_t max_level;
	uint32_t poll_left;     /* nodes to the next poll, across runs: a split's jobs may be far shorter */
};

static void fb_free(struct fb *f)
{
	if (f->sum)
		for (size_t k = 0; k <= f->pl->m; k++)
			memo_sum_clear(&f->sum[k]);
	if (f->table_ready)
		memo_table_free(&f->table);
	memo_sum_clear(&f->found);
	frontier_state_free(&f->s);
	free(f->lv);
	free(f->sum);
}

static int fb_init(struct fb *f, const struct frontier_plan *pl, size_t memory)
{
	memset(f, 0, sizeof *f);
	f->pl = pl;
	memo_sum_init(&f->found);
	int rc = frontier_state_init(&f->s, pl);
	if (rc)
		return rc;
	f->lv = malloc((pl->m + 1) * sizeof *f->lv);
	f->sum = malloc((pl->m + 1) * sizeof *f->sum);
	if (!f->lv || !f->sum) {
		free(f->sum);
		f->sum = NULL;
		fb_free(f);
		return DLX_ERR_NOMEM;
	}
	for (size_t k = 0; k <= pl->m; k++)
		memo_sum_init(&f->sum[k]);
	rc = memo_table_init(&f->table, pl->kw, memory ? memory : DLX_MEMO_DEFAULT_MEMORY);
	f->table_ready = !rc;
	if (rc)
		fb_free(f);
	return rc;
}

/* Knuth's estimate of the share done below level root, each level two ways: the share of the taken branches. */
static double fb_progress(const struct fb *f, size_t root, size_t k)
{
	double share = 1, done = 0;
	for (size_t l = root; l < k && share > 1e-300; l++, share /= 2)
		done += f->lv[l].branch == 2 ? share / 2 : 0;
	return done;
}

/*
 * Counts the solutions below level root of the state f->s holds (the open
 * items of root as the caller loaded them) into f->found; the counters go
 * on from f's.  params' solution_limit applies to f->found, node_limit to
 * f->nodes.  DLX_OK (st->stop says why it ended; st->progress below
 * root), DLX_ERR_NOMEM or DLX_ERR_OVERFLOW.  f->s is as before when it
 * returns.
 */
static int fb_run(struct fb *f, size_t root, const dlx_search_params *params, dlx_stats *st)
{
	const struct frontier_plan *pl = f->pl;
	const size_t m = pl->m;
	const uint64_t sol_limit = params->solution_limit, node_limit = params->node_limit;
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	if (f->poll_left == 0 || f->poll_left > poll_every)
		f->poll_left = poll_every;
	const size_t trail_base = f->s.n_trail;
	struct memo_val v;
	size_t k = root;
	int rc = DLX_OK;
	st->stop = DLX_STOP_COMPLETE;

enter:	/* Level k: a solution (every option decided), a state counted before, or a branching. */
	if (f->nodes == UINT64_MAX || f->updates > UINT64_MAX - pl->n_items) {
		rc = DLX_ERR_OVERFLOW;
		st->stop = DLX_STOP_ERROR;
		goto stop;
	}
	if (node_limit && f->nodes >= node_limit) {
		st->stop = DLX_STOP_NODE_LIMIT;
		goto stop;
	}
	f->nodes++;
	if (k > f->max_level)
		f->max_level = k > UINT32_MAX ? UINT32_MAX : (uint32_t)k;
	if (params->on_poll && --f->poll_left == 0) {
		f->poll_left = poll_every;
		dlx_stats now = { memo_sum_u64(&f->found), f->nodes, f->updates, f->branches, DLX_STOP_COMPLETE,
				  f->max_level, fb_progress(f, root, k) };
		if (params->on_poll(params->poll_ctx, &now)) {
			st->stop = DLX_STOP_POLL;
			goto stop;
		}
	}
	if (k == m) {
		v.lo = 1;
		v.big = NULL;
		goto counted;
	}
	{
		uint64_t h = frontier_key(pl, &f->s, k);
		if (f->table.cap && memo_table_get(&f->table, h, f->s.key, &v))
			goto counted;
	}
	f->branches++;
	memo_sum_zero(&f->sum[k]);
	f->lv[k].trail_at = f->s.n_trail;
	/* Leave option k out. */
	f->lv[k].branch = 1;
	if (frontier_closes_ok(pl, &f->s, k)) {
		k++;
		goto enter;
	}
take:	/* Take option k, when it fits. */
	f->lv[k].branch = 2;
	if (frontier_fits(pl, &f->s, k)) {
		if (!frontier_take(pl, &f->s, k, &f->updates)) {
			rc = DLX_ERR_NOMEM;
			st->stop = DLX_STOP_ERROR;
			goto stop;
		}
		if (frontier_closes_ok(pl, &f->s, k)) {
			k++;
			goto enter;
		}
		frontier_undo(&f->s, f->lv[k].trail_at);
	}
done:	/* Both ways counted: store the state's count. */
	v = memo_sum_val(&f->sum[k]);
	if (f->table.cap)
		memo_table_put(&f->table, frontier_key(pl, &f->s, k), f->s.key, &v);
	goto ret;

counted: /* v solutions met at once: a solution, or a hit. */
	memo_sum_add(&f->found, &v);
	if (sol_limit && memo_sum_at_least(&f->found, sol_limit)) {
		st->stop = DLX_STOP_LIMIT;
		goto stop;
	}
ret:	/* Level k's count is v: add it to its parent's and go on there. */
	if (k == root) {
		st->progress = 1.0;
		return DLX_OK;
	}
	k--;
	memo_sum_add(&f->sum[k], &v);
	if (f->lv[k].branch == 1)
		goto take;
	frontier_undo(&f->s, f->lv[k].trail_at);
	goto done;

stop:	/* Stopped: the state is f's alone; back to the root's. */
	st->progress = fb_progress(f, root, k);
	frontier_undo(&f->s, trail_base);
	return rc;
}

/* The fields of st that f counted. */
static void fb_counters(const struct fb *f, dlx_stats *st)
{
	st->solutions = memo_sum_u64(&f->found);
	st->nodes = f->nodes;
	st->updates = f->updates;
	st->branches = f->branches;
	st->max_level = f->max_level;
}

/* --- breadth first ---------------------------------------------------------- */

/* The states of one level, each with the ways to reach it. */
struct fb_cut {
	struct frontier_level l;
	struct memo_sum *ways;  /* l.n of them in use, ways_cap allocated */
	size_t ways_cap;
};

static void fb_cut_free(struct fb_cut *c)
{
	if (c->ways)
		for (size_t j = 0; j < c->l.n; j++)
			memo_sum_clear(&c->ways[j]);
	free(c->ways);
	frontier_level_free(&c->l);
	memset(c, 0, sizeof *c);
}

/* The bytes of a level with room for cap states: the level's and the ways. */
static size_t fb_cut_bytes(size_t kw, size_t cap)
{
	return frontier_level_bytes(kw, cap) + cap * sizeof(struct memo_sum);
}

/* Empties c for a level of at most cap states, reusing its arrays.  false when memory is short. */
static bool fb_cut_reserve(struct fb_cut *c, size_t kw, size_t cap)
{
	for (size_t j = 0; j < c->l.n; j++)
		memo_sum_clear(&c->ways[j]);
	c->l.n = 0;
	if (!frontier_level_reserve(&c->l, kw, cap))
		return false;
	if (c->l.cap > c->ways_cap) {
		struct memo_sum *ways = realloc(c->ways, c->l.cap * sizeof *ways);
		if (!ways)
			return false;
		c->ways = ways;
		c->ways_cap = c->l.cap;
	}
	return true;
}

/* The root's state (hash h) with one way into an empty level reserved for it. */
static void fb_cut_root(struct fb_cut *c, uint64_t h, const uint64_t *key)
{
	bool again;
	size_t j = frontier_level_add(&c->l, h, key, &again); /* room reserved: no growth */
	memo_sum_init(&c->ways[j]);
	memo_sum_add1(&c->ways[j]);
}

/* What the breadth-first levels counted. */
struct fb_breadth_figures {
	uint64_t nodes, updates, branches;
	uint64_t met, again;    /* states made, and those met again (merged) */
	size_t peak_bytes;
	uint32_t level;
};

/*
 * A level's states in FB_SHARDS shards by their hash, numbered shard by
 * shard, each shard in the order its states were first met.  A fixed
 * number of shards, whatever the threads: a thread fills the shards it
 * owns, meeting every child in the order of the states before, so the
 * numbering (which part K of M keeps) is the same on any threads.
 */
#define FB_SHARDS 64
/* Levels with fewer states are walked by the calling thread alone. */
#define FB_WALK_ALONE 4096

struct fb_set {
	size_t level, n;        /* n: the states of all shards */
	struct fb_cut shard[FB_SHARDS];
	size_t start[FB_SHARDS + 1];    /* each shard's first number, once made */
};

static size_t fb_shard_of(uint64_t h)
{
	return (size_t)((h >> 32) % FB_SHARDS);
}

static void fb_set_free(struct fb_set *s)
{
	for (size_t t = 0; t < FB_SHARDS; t++)
		fb_cut_free(&s->shard[t]);
}

static size_t fb_set_bytes(const struct fb_set *s, size_t kw)
{
	size_t b = 0;
	for (size_t t = 0; t < FB_SHARDS; t++)
		b += fb_cut_bytes(kw, s->shard[t].l.cap);
	return b;
}

/* The numbers once the shards are made. */
static void fb_set_number(struct fb_set *s)
{
	s->start[0] = 0;
	for (size_t t = 0; t < FB_SHARDS; t++)
		s->start[t + 1] = s->start[t] + s->shard[t].l.n;
	s->n = s->start[FB_SHARDS];
}

/* Keeps part K of M of the level's states (numbers K-1, K-1+M, ...), in order. */
static void fb_set_keep_part(struct fb_set *s, uint32_t part, uint32_t parts)
{
	for (size_t t = 0; t < FB_SHARDS; t++) {
		struct fb_cut *c = &s->shard[t];
		size_t kept = 0;
		for (size_t j = 0; j < c->l.n; j++) {
			if ((s->start[t] + j) % parts != part - 1) {
				memo_sum_clear(&c->ways[j]);
				continue;
			}
			if (kept != j) {
				memmove(c->l.keys + kept * c->l.kw, c->l.keys + j * c->l.kw,
					c->l.kw * sizeof *c->l.keys);
				c->ways[kept] = c->ways[j];
			}
			kept++;
		}
		c->l.n = kept;
	}
	fb_set_number(s);
}

/* Moves the set's states into one level, in their numbers' order (the jobs of the depth-first count). */
static int fb_set_flatten(struct fb_set *s, size_t kw, struct fb_cut *out)
{
	memset(out, 0, sizeof *out);
	out->l.level = s->level;
	out->l.kw = kw;
	size_t n = s->n ? s->n : 1;
	out->l.keys = malloc(n * kw * sizeof *out->l.keys);
	out->ways = malloc(n * sizeof *out->ways);
	if (!out->l.keys || !out->ways) {
		free(out->l.keys);
		free(out->ways);
		memset(out, 0, sizeof *out);
		return DLX_ERR_NOMEM;
	}
	out->l.cap = out->ways_cap = n;
	for (size_t t = 0; t < FB_SHARDS; t++) {
		struct fb_cut *c = &s->shard[t];
		if (!c->l.n)
			continue;       /* a shard never used has no arrays: memcpy() takes no NULL */
		memcpy(out->l.keys + out->l.n * kw, c->l.keys, c->l.n * kw * sizeof *c->l.keys);
		memcpy(out->ways + out->l.n, c->ways, c->l.n * sizeof *c->ways);
		out->l.n += c->l.n;
		c->l.n = 0;     /* the ways moved */
	}
	return DLX_OK;
}

/*
 * The walkers' meeting point: all `count` of them wait until the last
 * comes.  Not pthread_barrier_t: when a thread cannot be made, the count
 * goes down to those that were, and the walk goes on with them.
 */
struct fb_barrier {
	pthread_mutex_t mu;
	pthread_cond_t all_in;
	unsigned count, waiting;
	uint64_t round;
};

static void fb_barrier_wait(struct fb_barrier *b)
{
	pthread_mutex_lock(&b->mu);
	uint64_t round = b->round;
	if (++b->waiting >= b->count) {
		b->waiting = 0;
		b->round++;
		pthread_cond_broadcast(&b->all_in);
	} else {
		while (round == b->round)
			pthread_cond_wait(&b->all_in, &b->mu);
	}
	pthread_mutex_unlock(&b->mu);
}

/* Fewer walkers than counted: those waiting go on when they are all. */
static void fb_barrier_set_count(struct fb_barrier *b, unsigned count)
{
	pthread_mutex_lock(&b->mu);
	b->count = count;
	if (b->waiting >= b->count) {
		b->waiting = 0;
		b->round++;
		pthread_cond_broadcast(&b->all_in);
	}
	pthread_mutex_unlock(&b->mu);
}

/* The walk's threads: each expands every state of a level, keeping the children of its own shards. */
struct fb_walk {
	const struct frontier_plan *pl;
	const dlx_search_params *params;
	unsigned active;        /* the walkers of this level: all, or thread 0 alone for a small level */
	struct fb_set *cur, *next;
	struct fb_barrier bar;
	bool done;              /* set by thread 0 between barriers: the helpers leave */
	atomic_int stop;        /* DLX_STOP_COMPLETE while the walk goes on */
	atomic_int rc;
};

struct fb_walker {
	struct fb_walk *w;
	unsigned t;
	struct frontier_state s;
	uint64_t nodes, updates, met, again;
	uint32_t poll_left;
	int rc;
	pthread_t thread;
	bool started;
};

/* Adds a child (the state now in s, of level k + 1) to its shard when the walker owns it. */
static int fb_walk_child(struct fb_walker *me, size_t k, const struct memo_sum *ways)
{
	struct fb_walk *w = me->w;
	uint64_t h = frontier_key(w->pl, &me->s, k + 1);
	size_t t = fb_shard_of(h);
	if (t % w->active != me->t)
		return DLX_OK;
	struct fb_cut *c = &w->next->shard[t];
	bool again;
	size_t j = frontier_level_add(&c->l, h, me->s.key, &again);
	if (j == SIZE_MAX)
		return DLX_ERR_NOMEM;
	if (c->l.cap > c->ways_cap) {
		struct memo_sum *more = realloc(c->ways, c->l.cap * sizeof *more);
		if (!more) {
			/* The state stays without its ways: drop it again. */
			c->l.n--;
			return DLX_ERR_NOMEM;
		}
		c->ways = more;
		c->ways_cap = c->l.cap;
	}
	if (!again)
		memo_sum_init(&c->ways[j]);
	struct memo_val v = memo_sum_val(ways);
	memo_sum_add(&c->ways[j], &v);
	me->met++;
	me->again += again;
	return DLX_OK;
}

/* One level, for one walker: every state of w->cur expanded, its shards of w->next filled. */
static void fb_walk_level(struct fb_walker *me)
{
	struct fb_walk *w = me->w;
	const struct frontier_plan *pl = w->pl;
	const dlx_search_params *params = w->params;
	const struct fb_set *cur = w->cur;
	const size_t k = cur->level, poll_every = params->poll_interval ? params->poll_interval : 4096;
	size_t j = 0;
	for (size_t t = 0; t < FB_SHARDS; t++) {
		const struct fb_cut *c = &cur->shard[t];
		for (size_t i = 0; i < c->l.n; i++, j++) {
			/* Thread 0 counts the states (each walker expands them all), polls and stops; the others look. */
			if (me->t == 0) {
				if (me->nodes == UINT64_MAX || me->updates > UINT64_MAX - pl->n_items) {
					me->rc = DLX_ERR_OVERFLOW;
					atomic_store(&w->stop, DLX_STOP_ERROR);
					return;
				}
				if (params->node_limit && me->nodes >= params->node_limit) {
					atomic_store(&w->stop, DLX_STOP_NODE_LIMIT);
					return;
				}
				me->nodes++;
				if (params->on_poll && --me->poll_left == 0) {
					me->poll_left = (uint32_t)poll_every;
					/*
					 * The states expanded over those plus the rest of this level and
					 * as many for each level to come: the first levels hold few
					 * states, so the share of levels walked ran far ahead of the time.
					 */
					double done = (double)me->nodes,
					       left = (double)(cur->n - j) + (double)cur->n * (double)(pl->m - k - 1);
					dlx_stats now = { 0, me->nodes, me->updates, me->nodes, DLX_STOP_COMPLETE,
							  (uint32_t)(k < UINT32_MAX ? k : UINT32_MAX), done / (done + left) };
					if (params->on_poll(params->poll_ctx, &now)) {
						atomic_store(&w->stop, DLX_STOP_POLL);
						return;
					}
				}
			} else if ((j & 4095) == 0 && atomic_load(&w->stop) != DLX_STOP_COMPLETE) {
				return;
			}
			frontier_load(pl, &me->s, k, c->l.keys + i * c->l.kw);
			int rc = DLX_OK;
			if (frontier_closes_ok(pl, &me->s, k))
				rc = fb_walk_child(me, k, &c->ways[i]);
			if (!rc && frontier_fits(pl, &me->s, k)) {
				uint64_t updates = 0;
				if (!frontier_take(pl, &me->s, k, &updates)) {
					rc = DLX_ERR_NOMEM;
				} else {
					if (me->t == 0)
						me->updates += updates;
					if (frontier_closes_ok(pl, &me->s, k))
						rc = fb_walk_child(me, k, &c->ways[i]);
					frontier_undo(&me->s, 0);
				}
			}
			frontier_unload(pl, &me->s, k);
			if (rc) {
				me->rc = rc;
				atomic_store(&w->stop, DLX_STOP_ERROR);
				return;
			}
		}
	}
}

/* A helper walker: a level between each pair of barriers, until thread 0 says done. */
static void *fb_walker_main(void *arg)
{
	struct fb_walker *me = arg;
	struct fb_walk *w = me->w;
	for (;;) {
		fb_barrier_wait(&w->bar);
		if (w->done)
			break;
		fb_walk_level(me);
		fb_barrier_wait(&w->bar);
	}
	return NULL;
}

/*
 * The count level by level (the transfer matrix of the frontier): from
 * the root, each level's distinct states with the ways the options before
 * reach them, made from the level before, two levels in memory at once.
 * Each state is expanded once, where the depth-first search meets it
 * once per table miss.  With threads, each expands every state and keeps
 * the children of its shards (expanding is a quarter of a level's time,
 * finding the children among the states met the rest).  For part K of M,
 * at the first level with 64 x M states or more (a level depends on the
 * problem alone, so every part meets the same one) only part K's states
 * go on (when no level has as many, part 1 has the last level's state
 * and the others none).  It stops at the last level (one state at most
 * is left, whose ways are the count), at no state, or, once the part is
 * kept, before a level whose states would pass `budget` bytes with the
 * one before: *out is then the level reached, whose states the
 * depth-first search counts (jobs).  The levels before the part is kept
 * take what they need (at most 128 x M states).  Polls every 4096 states
 * from the calling thread, with the share of the levels done.  DLX_OK
 * (st->stop says why it ended), DLX_ERR_NOMEM, DLX_ERR_OVERFLOW.
 */
static int fb_breadth(const struct frontier_plan *pl, const dlx_search_params *params, size_t budget,
		      uint32_t part, uint32_t parts, unsigned threads, struct fb_cut *out,
		      struct fb_breadth_figures *fig, dlx_stats *st)
{
	memset(fig, 0, sizeof *fig);
	memset(out, 0, sizeof *out);
	st->stop = DLX_STOP_COMPLETE;
	if (threads < 1)
		threads = 1;
	if (threads > FB_SHARDS)
		threads = FB_SHARDS;
	struct fb_set *sets = calloc(2, sizeof *sets);
	struct fb_walker *me = calloc(threads, sizeof *me);
	struct fb_walk w;
	memset(&w, 0, sizeof w);
	w.pl = pl;
	w.params = params;
	atomic_init(&w.stop, DLX_STOP_COMPLETE);
	atomic_init(&w.rc, DLX_OK);
	int rc = sets && me ? DLX_OK : DLX_ERR_NOMEM;
	unsigned ready = 0;
	for (; !rc && ready < threads; ready++) {
		me[ready].w = &w;
		me[ready].t = ready;
		me[ready].poll_left = params->poll_interval ? params->poll_interval : 4096;
		rc = frontier_state_init(&me[ready].s, pl);
	}
	if (rc) {
		for (unsigned t = 0; t + 1 < ready; t++)
			frontier_state_free(&me[t].s);
		free(me);
		free(sets);
		st->stop = DLX_STOP_ERROR;
		return rc;
	}
	struct fb_set *cur = &sets[0], *next = &sets[1];
	{
		/* The root: one state, one way. */
		uint64_t h = frontier_key(pl, &me[0].s, 0);
		struct fb_cut *c = &cur->shard[fb_shard_of(h)];
		if (!fb_cut_reserve(c, pl->kw, 1))
			rc = DLX_ERR_NOMEM;
		else
			fb_cut_root(c, h, me[0].s.key);
		fb_set_number(cur);
	}
	unsigned helpers = 0;
	if (!rc && threads > 1) {
		pthread_mutex_init(&w.bar.mu, NULL);
		pthread_cond_init(&w.bar.all_in, NULL);
		w.bar.count = threads;
		for (unsigned t = 1; t < threads; t++) {
			me[t].started = pthread_create(&me[t].thread, NULL, fb_walker_main, &me[t]) == 0;
			if (!me[t].started)
				break;
			helpers++;
		}
		/*
		 * A thread that could not be made: the shards are the threads'
		 * by number, so the walk needs them all; those made leave, and
		 * the walk goes on in this thread alone.
		 */
		if (helpers + 1 < threads) {
			fb_barrier_set_count(&w.bar, helpers + 1);
			w.done = true;
			if (helpers)
				fb_barrier_wait(&w.bar);
			for (unsigned t = 1; t <= helpers; t++)
				pthread_join(me[t].thread, NULL);
			pthread_mutex_destroy(&w.bar.mu);
			pthread_cond_destroy(&w.bar.all_in);
			helpers = 0;
			w.done = false;
		} else if (!helpers) {
			pthread_mutex_destroy(&w.bar.mu);
			pthread_cond_destroy(&w.bar.all_in);
		}
	}
	const size_t part_at = (size_t)64 * parts;
	bool kept = parts == 1;
	while (!rc && cur->level < pl->m && cur->n > 0) {
		if (!kept && cur->n >= part_at) {
			fb_set_keep_part(cur, part, parts);
			kept = true;
			continue;
		}
		/*
		 * Each shard reserved for its share of the children; it grows when
		 * it gets more.  The budget is weighed on the states themselves:
		 * this level and at most twice as many children (not the shards'
		 * rooms, which a bigger level before may have left large).
		 */
		size_t share = 2 * cur->n / FB_SHARDS + 16;
		if (kept && fb_cut_bytes(pl->kw, 3 * cur->n) > budget)
			break;
		for (size_t t = 0; t < FB_SHARDS && !rc; t++)
			if (!fb_cut_reserve(&next->shard[t], pl->kw, share))
				rc = DLX_ERR_NOMEM;
		if (rc)
			break;
		next->level = cur->level + 1;
		w.cur = cur;
		w.next = next;
		/* A small level in this thread alone: two meetings of the threads cost more than it. */
		w.active = helpers && cur->n >= FB_WALK_ALONE ? threads : 1;
		if (w.active > 1)
			fb_barrier_wait(&w.bar);
		fb_walk_level(&me[0]);
		if (w.active > 1)
			fb_barrier_wait(&w.bar);
		for (unsigned t = 0; t < threads; t++)
			if (me[t].rc && !rc)
				rc = me[t].rc;
		if (rc || atomic_load(&w.stop) != DLX_STOP_COMPLETE)
			break;
		fb_set_number(next);
		size_t bytes = fb_set_bytes(cur, pl->kw) + fb_set_bytes(next, pl->kw);
		if (bytes > fig->peak_bytes)
			fig->peak_bytes = bytes;
		struct fb_set *was = cur;
		cur = next;
		next = was;
		fig->level = cur->level > UINT32_MAX ? UINT32_MAX : (uint32_t)cur->level;
	}
	if (helpers) {
		w.done = true;
		fb_barrier_wait(&w.bar);
		for (unsigned t = 1; t < threads; t++)
			if (me[t].started)
				pthread_join(me[t].thread, NULL);
		pthread_mutex_destroy(&w.bar.mu);
		pthread_cond_destroy(&w.bar.all_in);
	}
	if (!rc && atomic_load(&w.stop) != DLX_STOP_COMPLETE)
		st->stop = (dlx_stop_reason)atomic_load(&w.stop);
	/* Ended before a level had 64 x M states: the last level's state is job 0, part 1's. */
	if (!kept && !rc && st->stop == DLX_STOP_COMPLETE)
		fb_set_keep_part(cur, part, parts);
	fig->nodes = fig->branches = me[0].nodes;
	fig->updates = me[0].updates;
	for (unsigned t = 0; t < threads; t++) {
		fig->met += me[t].met;
		fig->again += me[t].again;
		frontier_state_free(&me[t].s);
	}
	if (!rc)
		rc = fb_set_flatten(cur, pl->kw, out);
	if (!rc)
		out->l.level = cur->level;
	fb_set_free(&sets[0]);
	fb_set_free(&sets[1]);
	free(sets);
	free(me);
	if (rc) {
		st->stop = DLX_STOP_ERROR;
		fb_cut_free(out);
	}
	return rc;
}

/* --- jobs in threads ------------------------------------------------------- */

struct fb_shared {
	const struct frontier_plan *pl;
	const dlx_search_params *params;
	size_t memory;
	const struct fb_cut *cut;
	size_t first, stride, n_jobs; /* this part's jobs: first, first + stride, ... */
	atomic_size_t next;     /* the next of them to take */
	struct dlx__crew crew;  /* the stop, the nodes for node_limit, the lock, the caller's polls */
	/* Guarded by crew.mu: */
	struct memo_sum total;  /* the jobs' counts times their ways */
	uint64_t running_found; /* the jobs under way: counts so far times ways at their last poll (saturated) */
	size_t jobs_done;
	dlx_stats st;
	dlx_memo_stats ms;
};

struct fb_worker {
	struct fb_shared *sh;
	pthread_t thread;
	bool started, alone;    /* alone: the calling thread, which polls the caller itself */
	uint64_t polled;        /* nodes handed to the crew */
	uint64_t ways;          /* the job's ways (saturated) */
	uint64_t found;         /* its share of running_found */
};

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	uint64_t r;
	return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The solutions counted so far, saturated (crew.mu held). */
static uint64_t fb_found_so_far(const struct fb_shared *sh)
{
	return sat_add(memo_sum_u64(&sh->total), sh->running_found);
}

/* A worker's poll: the crew's node limit and stop, the solution limit; the caller's poll when alone. */
static int fb_worker_poll(void *ctx, const dlx_stats *so_far)
{
	struct fb_worker *w = ctx;
	struct fb_shared *sh = w->sh;
	const dlx_search_params *params = sh->params;
	dlx__crew_count(&sh->crew, &w->polled, so_far->nodes);
	pthread_mutex_lock(&sh->crew.mu);
	uint64_t mine = sat_mul(so_far->solutions, w->ways);
	sh->running_found = sat_add(sh->running_found - w->found, mine);
	w->found = mine;
	uint64_t found = fb_found_so_far(sh);
	dlx_stats now = *so_far;
	now.solutions = found;
	now.nodes = atomic_load(&sh->crew.nodes);
	now.progress = sh->n_jobs ? ((double)sh->jobs_done + so_far->progress) / (double)sh->n_jobs : 0;
	pthread_mutex_unlock(&sh->crew.mu);
	if (params->solution_limit && found >= params->solution_limit)
		dlx__crew_set_stop(&sh->crew, DLX_STOP_LIMIT);
	if (w->alone && params->on_poll && params->on_poll(params->poll_ctx, &now))
		dlx__crew_set_stop(&sh->crew, DLX_STOP_POLL);
	return atomic_load(&sh->crew.stop) != DLX_STOP_COMPLETE;
}

/* Counts jobs from the shared queue with a table of its own, until none is left or the crew stops. */
static void *fb_worker_main(void *arg)
{
	struct fb_worker *w = arg;
	struct fb_shared *sh = w->sh;
	const struct fb_cut *cut = sh->cut;
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	wp.on_poll = fb_worker_poll;
	wp.poll_ctx = w;
	wp.poll_interval = 4096;
	struct fb f;
	int rc = fb_init(&f, sh->pl, sh->memory);
	const bool ready = !rc;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	while (!rc && atomic_load(&sh->crew.stop) == DLX_STOP_COMPLETE) {
		size_t k = atomic_fetch_add(&sh->next, 1);
		if (k >= sh->n_jobs)
			break;
		size_t j = sh->first + k * sh->stride;
		w->ways = memo_sum_u64(&cut->ways[j]);
		frontier_load(sh->pl, &f.s, cut->l.level, cut->l.keys + j * cut->l.kw);
		memo_sum_zero(&f.found);
		rc = fb_run(&f, cut->l.level, &wp, &st);
		frontier_unload(sh->pl, &f.s, cut->l.level);
		pthread_mutex_lock(&sh->crew.mu);
		/* A stopped job's count so far is a lower bound of its count, as the total then is. */
		memo_sum_addmul(&sh->total, &f.found, &cut->ways[j]);
		sh->running_found -= w->found;
		w->found = 0;
		if (!rc && st.stop == DLX_STOP_COMPLETE)
			sh->jobs_done++;
		bool at_limit = sh->params->solution_limit && memo_sum_at_least(&sh->total, sh->params->solution_limit);
		pthread_mutex_unlock(&sh->crew.mu);
		if (at_limit)
			dlx__crew_set_stop(&sh->crew, DLX_STOP_LIMIT);
		if (!rc && st.stop != DLX_STOP_COMPLETE)
			dlx__crew_set_stop(&sh->crew, st.stop);
	}
	pthread_mutex_lock(&sh->crew.mu);
	if (ready) {
		dlx_stats mine = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
		fb_counters(&f, &mine);
		mine.solutions = 0;
		dlx__stats_add(&sh->st, &mine, &rc);
		sh->ms.lookups += f.table.st.lookups;
		sh->ms.hits += f.table.st.hits;
		sh->ms.stored += f.table.st.stored;
		sh->ms.dropped += f.table.st.dropped;
		sh->ms.peak_bytes += f.table.st.peak_bytes;
	}
	if (rc && !sh->crew.rc)
		sh->crew.rc = rc;
	pthread_mutex_unlock(&sh->crew.mu);
	if (rc)
		dlx__crew_set_stop(&sh->crew, DLX_STOP_ERROR);
	if (ready)
		fb_free(&f);
	if (!w->alone)
		dlx__crew_leave(&sh->crew);
	return NULL;
}

/* The caller's figures while workers count (crew.mu held). */
static dlx_stats fb_so_far(void *ctx)
{
	struct fb_shared *sh = ctx;
	dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	now.nodes = atomic_load(&sh->crew.nodes);
	now.solutions = fb_found_so_far(sh);
	now.progress = sh->n_jobs ? (double)sh->jobs_done / (double)sh->n_jobs : 0;
	return now;
}

/*
 * The states of the level cut stopped at, counted depth first as jobs on
 * `threads` threads, each with a table of its own; the counters go on
 * from fig's (nodes for node_limit too).
 */
static int fb_jobs(const struct frontier_plan *pl, const dlx_search_params *params, const dlx_memo_params *memo,
		   const struct fb_cut *cut, const struct fb_breadth_figures *fig, unsigned threads,
		   struct memo_sum *total, dlx_stats *st, dlx_memo_stats *ms)
{
	int rc = DLX_OK;
	struct fb_shared sh;
	memset(&sh, 0, sizeof sh);
	sh.pl = pl;
	sh.params = params;
	sh.memory = memo->memory;
	sh.cut = cut;
	sh.first = 0;
	sh.stride = 1;
	sh.n_jobs = cut->l.n;
	atomic_init(&sh.next, 0);
	memo_sum_init(&sh.total);
	dlx__crew_init(&sh.crew, params);
	dlx__crew_begin(&sh.crew, fig->nodes, 0);
	if (threads > sh.n_jobs)
		threads = sh.n_jobs ? (unsigned)sh.n_jobs : 1;
	struct fb_worker *w = calloc(threads, sizeof *w);
	if (!w) {
		rc = DLX_ERR_NOMEM;
	} else if (threads == 1) {
		w[0].sh = &sh;
		w[0].alone = true;
		fb_worker_main(&w[0]);
	} else {
		for (unsigned t = 0; t < threads; t++) {
			w[t].sh = &sh;
			w[t].started = dlx__crew_start(&sh.crew, &w[t].thread, fb_worker_main, &w[t]);
			if (!w[t].started)
				break;
		}
		if (!w[0].started)
			rc = DLX_ERR_NOMEM;
		dlx__crew_wait(&sh.crew, fb_so_far, &sh);
		for (unsigned t = 0; t < threads; t++)
			if (w[t].started)
				pthread_join(w[t].thread, NULL);
	}
	free(w);
	if (!rc)
		rc = sh.crew.rc;
	struct memo_val v = memo_sum_val(&sh.total);
	memo_sum_add(total, &v);
	dlx_stop_reason why = dlx__crew_reason(&sh.crew);
	*st = sh.st;
	st->stop = rc ? DLX_STOP_ERROR : why;
	st->progress = why == DLX_STOP_COMPLETE ? 1.0
		       : sh.n_jobs ? (double)sh.jobs_done / (double)sh.n_jobs : 0;
	*ms = sh.ms;
	memo_sum_clear(&sh.total);
	dlx__crew_destroy(&sh.crew);
	return rc;
}

int dlx__memo_bounds(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
		     uint32_t parts, uint32_t part, unsigned threads, struct memo_sum *total, dlx_stats *st,
		     dlx_memo_stats *ms)
{
	struct frontier_plan pl;
	int rc = frontier_plan_init(&pl, p);
	st->stop = rc ? DLX_STOP_ERROR : DLX_STOP_COMPLETE;
	st->progress = rc ? 0 : 1;
	if (rc)
		return rc;
	if (pl.zero) {
		frontier_plan_free(&pl);
		return DLX_OK;
	}
	/*
	 * memo->memory is each thread's table's; the levels are one walk that
	 * the threads share, so they have the threads' memory together (with
	 * more threads the walk would otherwise stop sooner, and the tables
	 * after it would be small).
	 */
	size_t budget = memo->memory ? memo->memory : DLX_MEMO_DEFAULT_MEMORY;
	budget = budget > SIZE_MAX / (threads ? threads : 1) ? SIZE_MAX : budget * (threads ? threads : 1);
	struct fb_cut cut;
	struct fb_breadth_figures fig;
	rc = fb_breadth(&pl, params, budget, part, parts, threads, &cut, &fig, st);
	dlx_memo_stats js;
	memset(&js, 0, sizeof js);
	if (!rc && st->stop == DLX_STOP_COMPLETE && cut.l.level < pl.m && cut.l.n > 0) {
		/* A level too big for the budget: its states counted depth first, with tables that may drop. */
		dlx_stats jst;
		rc = fb_jobs(&pl, params, memo, &cut, &fig, threads, total, &jst, &js);
		int over = DLX_OK;
		dlx__count_add(&jst.nodes, fig.nodes, &over);
		dlx__count_add(&jst.updates, fig.updates, &over);
		dlx__count_add(&jst.branches, fig.branches, &over);
		if (fig.level > jst.max_level)
			jst.max_level = fig.level;
		if (!rc && over) {
			rc = over;
			jst.stop = DLX_STOP_ERROR;
		}
		*st = jst;
	} else {
		/* The last level (or none, or stopped): the ways of its state are the count. */
		if (!rc && st->stop == DLX_STOP_COMPLETE && cut.l.n > 0) {
			struct memo_val v = memo_sum_val(&cut.ways[0]);
			memo_sum_add(total, &v);
		}
		st->nodes = fig.nodes;
		st->updates = fig.updates;
		st->branches = fig.branches;
		st->max_level = fig.level;
		st->progress = st->stop == DLX_STOP_COMPLETE && !rc ? 1.0 : (double)fig.level / (double)pl.m;
	}
	st->solutions = memo_sum_u64(total);
	/* The levels' states in the table's figures: each made is a lookup, each met again a hit. */
	js.lookups += fig.met;
	js.hits += fig.again;
	js.stored += fig.met - fig.again;
	if (fig.peak_bytes > js.peak_bytes)
		js.peak_bytes = fig.peak_bytes;
	if (ms)
		*ms = js;
	fb_cut_free(&cut);
	frontier_plan_free(&pl);
	return rc;
}
