/*
 * Checkpoints of a memoized count (dlx_memo_count_resume()).
 *
 * A memoized count's progress is mostly its tables: a resume that started
 * with empty ones would count again every sub-problem met before, which
 * can be most of the work.  So a checkpoint holds, besides where each
 * search stands, every worker's table, entry by entry in its slot, and a
 * resume puts them back as they were: in one thread the resumed count
 * meets the same hits and ends with the nodes, updates and table
 * statistics of one uninterrupted count.  In threads those already depend
 * on which thread's table met which state first; the count is exact
 * either way, since a table only holds exact counts of whole states.
 *
 * The count is cut into the jobs dlx_memo_count() cuts (dlx-cut.h: for
 * part K of M, the cut of 64 M leaves' jobs K, K + M, ...; for the whole,
 * a cut of 512 per thread of the first run, the target kept in the
 * checkpoint so that a resume in any number of threads cuts the same
 * jobs), taken by rank under the crew's lock.  Every run, one thread too,
 * counts them in workers on copies of p, each with a table of its own,
 * while the calling thread polls (dlx-crew.h).  A job under way is saved
 * as its rank, the path of its search (each level's item and option) and
 * each level's count so far -- the sum a node stores in the table once
 * all its options are done.  A resume goes down that path without
 * counting (memo_state_run() checks that each level's item is the one the
 * rule picks) and goes on.  Solutions counted so far are one exact total:
 * a memoized search adds each solution or hit to it as it meets them, so
 * the total holds the jobs under way's share too.
 *
 * The bytes: the header of dlx-checkpoint.c with flags 16 (17 for a
 * part), the counters of everything before the checkpoint (nodes, updates
 * and branches below the cut; the walk above it is counted by each run's
 * end, as dlx_memo_count() counts it), solutions as a u64 (all ones past
 * 2^64; the exact count follows), an empty path, then
 *
 *   80  u64 the cut's target          u64 the number of jobs (a check)
 *   96  u64 next: ranks from it on were never started
 *  104  u64 R, the jobs under way
 *  112  u32 K, u32 M: the part (0, 0 for the whole count)
 *  120  u32 the rule (dlx_memo_order)  u32 T, the tables
 *  128  5 x u64: the statistics of tables a resume in fewer threads let go
 *  168  the solutions counted so far (memo_count_put())
 *       R times: u64 rank, u32 L, u32 0, L x (u32 item, u32 option), L counts
 *       T tables (memo_table_image())
 *
 * and the checksum.  The fingerprint is p's, with the part and the rule.
 * A table's budget is its own: a resume keeps each saved table's (the
 * budget shapes which entries are dropped), and gives new ones the
 * caller's.  When a resume has fewer threads than saved tables, the extra
 * tables are let go (only checked as they are read, their statistics
 * kept; their counts are met again as misses); when it has more, the new
 * workers start empty.
 *
 * A checkpoint is about the size of the tables' entries (16 bytes, the
 * key's words and the count's bytes each), and is built in memory: a save
 * takes that much memory again while it runs.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-checkpoint.h"
#include "dlx-crew.h"
#include "dlx-cut.h"
#include "dlx-internal.h"
#include "dlx-memo.h"
#include "dlx-mult.h"
#include "dlx-problem.h"
#include "dlx.h"

#define MEMO_HEAD (DLX__CK_HEADER + 88u)

/* A job under way, as saved: its rank and its path with each level's count. */
struct mck_entry {
	uint64_t rank;
	uint32_t depth;
	uint32_t *item, *option;        /* depth entries each, malloc'd together in item */
	struct memo_sum *sum;           /* depth counts */
	struct memo_val *val;           /* views of them, as memo_state_run() takes them */
};

struct mck_shared;

struct mck_worker {
	struct mck_shared *sh;
	dlx_problem *clone;
	pthread_t thread;
	bool started;
	struct memo_state *m;           /* kept until the checkpoint's image is made */
	/* Guarded by sh->crew.mu. */
	bool has_job;                   /* a job claimed and not finished (its path in m) */
	uint64_t rank;
	uint64_t polled_nodes;
	uint64_t found;                 /* m's count at its last poll (below 2^64), for the caller's polls */
	double job_progress;
	size_t table_used;              /* its table's entries at its last poll (a save's guess of its size) */
};

struct mck_shared {
	dlx_problem *p;
	const dlx_search_params *params;
	const dlx_memo_params *memo;
	struct dlx__crew crew;
	struct dlx__cut cut;
	size_t first, stride, n_jobs;
	uint64_t target;
	uint32_t part, parts;
	uint64_t fp;
	/* The checkpoint's: what was counted before this run, the jobs it left under way, its tables. */
	struct memo_sum saved;
	dlx_stats base;
	dlx_memo_stats retired;
	struct memo_table *tables;
	size_t n_tables;
	/* Guarded by crew.mu. */
	struct mck_entry *pend;
	size_t n_pend, next_pend;
	uint64_t next;
	uint64_t jobs_done;             /* ranks finished, the checkpoint's included */
	struct mck_worker *w;
	unsigned threads;
	bool limit_hit;                 /* a worker's count reached the solution limit */
	size_t kw;                      /* words of a table's keys */
};

static void stats_add_memo(dlx_memo_stats *a, const dlx_memo_stats *b)
{
	a->lookups += b->lookups;
	a->hits += b->hits;
	a->stored += b->stored;
	a->dropped += b->dropped;
	a->peak_bytes += b->peak_bytes;
}

static void entry_free(struct mck_entry *e)
{
	if (e->sum)
		for (uint32_t l = 0; l < e->depth; l++)
			memo_sum_clear(&e->sum[l]);
	free(e->item);
	free(e->sum);
	free(e->val);
}

/* The worker's poll: nodes, progress, and a park while a save reads the workers' states. */
static int mck_poll(void *ctx, const dlx_stats *so_far)
{
	struct mck_worker *w = ctx;
	struct dlx__crew *c = &w->sh->crew;
	dlx__crew_count(c, &w->polled_nodes, so_far->nodes);
	size_t used = memo_state_table(w->m)->used;
	struct mck_shared *sh = w->sh;
	pthread_mutex_lock(&c->mu);
	w->found = so_far->solutions;
	w->job_progress = so_far->progress;
	w->table_used = used;
	if (sh->params->solution_limit) {
		/* The workers' counts together, with the checkpoint's, may reach the limit before any one does. */
		uint64_t total = memo_sum_u64(&sh->saved);
		for (unsigned t = 0; t < sh->threads; t++)
			total = total <= UINT64_MAX - sh->w[t].found ? total + sh->w[t].found : UINT64_MAX;
		if (total >= sh->params->solution_limit) {
			sh->limit_hit = true;
			dlx__crew_set_stop(c, DLX_STOP_LIMIT);
		}
	}
	dlx__crew_park_here(c);
	pthread_mutex_unlock(&c->mu);
	return atomic_load(&c->stop) != DLX_STOP_COMPLETE;
}

/* The root item and run of job k (by rank); 0s for a job that is a whole node. */
static const struct dlx__job *job_of(const struct mck_shared *sh, uint64_t rank)
{
	return &sh->cut.jobs[sh->first + (size_t)rank * sh->stride];
}

/*
 * Runs job from path (NULL: from its start) on p with m, its path forced
 * and its item covered for the run and released after; as
 * memo_state_run(), or the force's error.
 */
static int job_run(struct memo_state *m, dlx_problem *p, const struct dlx__cut *cut, const struct dlx__job *job,
		   const dlx_search_params *wp, dlx_stats *st, const struct memo_path *path)
{
	size_t base = dlx_forced_count(p);
	uint64_t setup = 0;
	const struct dlx__group *g = &cut->groups[job->group];
	bool opened = false;
	st->stop = DLX_STOP_ERROR;
	int rc = dlx__force_path(p, dlx__group_path(cut, g), g->n, &setup);
	if (!rc && job->first)
		opened = !(rc = dlx__branch_open(p, job->first, &setup));
	if (!rc)
		rc = job->first ? memo_state_run(m, wp, st, p->node.top[job->first], job->first, job->last, path)
				: memo_state_run(m, wp, st, 0, 0, 0, path);
	if (opened)
		dlx__branch_close(p, job->first);
	dlx__release_to(p, base);
	return rc;
}

static void *mck_worker_main(void *arg)
{
	struct mck_worker *w = arg;
	struct mck_shared *sh = w->sh;
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	wp.on_poll = mck_poll;
	wp.poll_ctx = w;
	/* The caller's interval for the workers' polls (the tests stop jobs anywhere), 4096 by default. */
	wp.poll_interval = sh->params->poll_interval ? sh->params->poll_interval : 4096;
	/*
	 * The limit less the checkpoint's count: a worker's count leaves it
	 * out, and in one thread the count then stops where an uninterrupted
	 * one would (the workers' counts together are checked at their polls).
	 */
	uint64_t saved = memo_sum_u64(&sh->saved), limit = sh->params->solution_limit;
	wp.solution_limit = limit ? (limit > saved ? limit - saved : 1) : 0;
	for (;;) {
		const struct mck_entry *e = NULL;
		pthread_mutex_lock(&sh->crew.mu);
		dlx__crew_wait_unparked(&sh->crew);
		bool claimed = false;
		if (atomic_load(&sh->crew.stop) == DLX_STOP_COMPLETE) {
			if (sh->next_pend < sh->n_pend) {
				e = &sh->pend[sh->next_pend++];
				w->rank = e->rank;
				claimed = true;
			} else if (sh->next < sh->n_jobs) {
				w->rank = sh->next++;
				claimed = true;
			}
		}
		if (claimed) {
			w->has_job = true;
			w->job_progress = 0;
			sh->crew.busy++;
		}
		pthread_mutex_unlock(&sh->crew.mu);
		if (!claimed)
			break;
		struct memo_path path = { 0, NULL, NULL, NULL, false };
		if (e)
			path = (struct memo_path){ e->depth, e->item, e->option, e->val, false };
		dlx_stats st;
		int rc = job_run(w->m, w->clone, &sh->cut, job_of(sh, w->rank), &wp, &st, &path);
		if (!rc)
			dlx__crew_count(&sh->crew, &w->polled_nodes, st.nodes);
		pthread_mutex_lock(&sh->crew.mu);
		w->found = st.solutions;
		if (!rc && st.stop == DLX_STOP_COMPLETE) {
			w->has_job = false;
			sh->jobs_done++;
		}
		/*
		 * A worker's own count reached the limit (not at a poll: its path
		 * is not saved): the count is over, at the limit, whatever else
		 * stopped it, and everyone stops.
		 */
		if (!rc && st.stop == DLX_STOP_LIMIT) {
			w->has_job = false;
			sh->limit_hit = true;
			dlx__crew_set_stop(&sh->crew, DLX_STOP_LIMIT);
		}
		dlx__crew_end_search(&sh->crew, rc);
		if (rc || st.stop != DLX_STOP_COMPLETE)
			break;
	}
	dlx__crew_leave(&sh->crew);
	return NULL;
}

/* The count so far: the checkpoint's and every worker's (crew.mu held, or the workers done). */
static void total_so_far(const struct mck_shared *sh, struct memo_sum *total)
{
	memo_sum_zero(total);
	struct memo_val v = memo_sum_val(&sh->saved);
	memo_sum_add(total, &v);
	for (unsigned t = 0; t < sh->threads; t++)
		if (sh->w[t].m) {
			v = memo_sum_val(memo_state_found(sh->w[t].m));
			memo_sum_add(total, &v);
		}
}

/* The statistics so far for the caller's poll (crew.mu held); stops at the solution limit. */
static dlx_stats mck_so_far(void *ctx)
{
	struct mck_shared *sh = ctx;
	dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	now.nodes = atomic_load(&sh->crew.nodes);
	now.solutions = memo_sum_u64(&sh->saved);
	double done = (double)sh->jobs_done;
	for (unsigned t = 0; t < sh->threads; t++) {
		const struct mck_worker *w = &sh->w[t];
		now.solutions = now.solutions <= UINT64_MAX - w->found ? now.solutions + w->found : UINT64_MAX;
		if (w->has_job)
			done += w->job_progress;
	}
	now.progress = sh->n_jobs ? done / (double)sh->n_jobs : 0;
	/* The workers each check their own count; together they may reach the limit first. */
	if (sh->params->solution_limit && now.solutions >= sh->params->solution_limit) {
		sh->limit_hit = true;
		dlx__crew_set_stop(&sh->crew, DLX_STOP_LIMIT);
	}
	return now;
}

/*
 * The counters of everything counted so far below the cut (workers parked
 * or done): the checkpoint's and the workers', less the node each worker
 * with a job entered at its last poll, which the resumed search enters
 * again.
 */
static int counters_so_far(const struct mck_shared *sh, dlx_stats *out)
{
	int rc = DLX_OK;
	*out = sh->base;
	for (unsigned t = 0; t < sh->threads; t++) {
		const struct mck_worker *w = &sh->w[t];
		if (!w->m)
			continue;
		dlx_stats s;
		memo_state_counters(w->m, &s);
		s.solutions = 0;
		s.nodes -= w->has_job;
		dlx__stats_add(out, &s, &rc);
	}
	return rc;
}

/*
 * The bytes of where the count stands (workers parked or done), all but
 * the checksum (seal()):
 * DLX_ERR_STATE once the count reached its limit, DLX_ERR_NOMEM,
 * DLX_ERR_OVERFLOW.
 */
static int mck_image(struct mck_shared *sh, uint64_t user, unsigned char *spare, size_t spare_len, unsigned char **out,
		     size_t *len)
{
	*out = NULL;
	*len = 0;
	/* The count is over (at its limit), or a worker failed (its path is not saved): nothing to go on with. */
	if (sh->limit_hit || sh->crew.rc)
		return DLX_ERR_STATE;
	dlx_stats c;
	int rc = counters_so_far(sh, &c);
	if (rc)
		return rc;
	struct memo_sum total;
	memo_sum_init(&total);
	total_so_far(sh, &total);
	struct memo_val tv = memo_sum_val(&total);
	size_t n = MEMO_HEAD + memo_count_size(&tv) + 8;
	uint64_t r = 0;
	uint32_t n_tables = 0;
	for (unsigned t = 0; t < sh->threads; t++) {
		const struct mck_worker *w = &sh->w[t];
		if (!w->m)
			continue;
		n_tables++;
		n += memo_table_image_size(memo_state_table(w->m));
		if (!w->has_job)
			continue;
		r++;
		uint32_t d = memo_state_at_level(w->m);
		n += 16 + 8 * (size_t)d;
		for (uint32_t l = 0; l < d; l++) {
			uint32_t item, option;
			struct memo_val v;
			memo_state_level(w->m, l, &item, &option, &v);
			n += memo_count_size(&v);
		}
	}
	for (size_t k = sh->next_pend; k < sh->n_pend; k++, r++) {
		n += 16 + 8 * (size_t)sh->pend[k].depth;
		for (uint32_t l = 0; l < sh->pend[k].depth; l++)
			n += memo_count_size(&sh->pend[k].val[l]);
	}
	unsigned char *b = spare && n <= spare_len ? spare : malloc(n);
	if (!b) {
		memo_sum_clear(&total);
		return DLX_ERR_NOMEM;
	}
	c.solutions = memo_sum_u64(&total);
	dlx__ck_put_header(b, sh->parts > 1 ? DLX__CK_MEMO_PART : DLX__CK_MEMO, n, sh->fp, &c, 0, user);
	dlx__ck_put64(b + 80, sh->target);
	dlx__ck_put64(b + 88, sh->n_jobs);
	dlx__ck_put64(b + 96, sh->next);
	dlx__ck_put64(b + 104, r);
	dlx__ck_put32(b + 112, sh->parts > 1 ? sh->part : 0);
	dlx__ck_put32(b + 116, sh->parts > 1 ? sh->parts : 0);
	dlx__ck_put32(b + 120, (uint32_t)sh->memo->order);
	dlx__ck_put32(b + 124, n_tables);
	const dlx_memo_stats *rs = &sh->retired;
	dlx__ck_put64(b + 128, rs->lookups);
	dlx__ck_put64(b + 136, rs->hits);
	dlx__ck_put64(b + 144, rs->stored);
	dlx__ck_put64(b + 152, rs->dropped);
	dlx__ck_put64(b + 160, rs->peak_bytes);
	size_t at = MEMO_HEAD + memo_count_put(b + MEMO_HEAD, &tv);
	memo_sum_clear(&total);
	for (unsigned t = 0; t < sh->threads; t++) {
		const struct mck_worker *w = &sh->w[t];
		if (!w->m || !w->has_job)
			continue;
		uint32_t d = memo_state_at_level(w->m);
		dlx__ck_put64(b + at, w->rank);
		dlx__ck_put32(b + at + 8, d);
		dlx__ck_put32(b + at + 12, 0);
		at += 16;
		for (uint32_t l = 0; l < d; l++, at += 8) {
			uint32_t item, option;
			struct memo_val v;
			memo_state_level(w->m, l, &item, &option, &v);
			dlx__ck_put32(b + at, item);
			dlx__ck_put32(b + at + 4, option);
		}
		for (uint32_t l = 0; l < d; l++) {
			uint32_t item, option;
			struct memo_val v;
			memo_state_level(w->m, l, &item, &option, &v);
			at += memo_count_put(b + at, &v);
		}
	}
	for (size_t k = sh->next_pend; k < sh->n_pend; k++) {
		const struct mck_entry *e = &sh->pend[k];
		dlx__ck_put64(b + at, e->rank);
		dlx__ck_put32(b + at + 8, e->depth);
		dlx__ck_put32(b + at + 12, 0);
		at += 16;
		for (uint32_t l = 0; l < e->depth; l++, at += 8) {
			dlx__ck_put32(b + at, e->item[l]);
			dlx__ck_put32(b + at + 4, e->option[l]);
		}
		for (uint32_t l = 0; l < e->depth; l++)
			at += memo_count_put(b + at, &e->val[l]);
	}
	for (unsigned t = 0; t < sh->threads; t++) {
		struct memo_state *m = sh->w[t].m;
		if (!m)
			continue;
		at += memo_table_image(memo_state_table(m), b + at);
	}
	*out = b;
	*len = n;
	return DLX_OK;
}

/* The checksum, once the bytes are the caller's alone: over a table's bytes it takes a while, and the workers go on. */
static void seal(unsigned char *b, size_t n)
{
	dlx__ck_put64(b + n - 8, dlx__ck_fnv(DLX__CK_FNV_OFFSET, b, n - 8));
}

int dlx__ck_memo_save(const dlx_problem *p, dlx_checkpoint_user_fn user_fn, void *ctx, void **out, size_t *len)
{
	struct mck_shared *sh = p->ck_part->live;
	/*
	 * The bytes are written while the workers wait: a buffer of room
	 * enough (from the tables' entries at the workers' last polls), its pages
	 * touched before they stop (a first write to a page costs a fault,
	 * which on a virtual machine can cost more than the copy), leaves
	 * them only the copy to wait for.
	 */
	pthread_mutex_lock(&sh->crew.mu);
	size_t entries = 0;
	for (unsigned t = 0; t < sh->threads; t++)
		entries += sh->w[t].table_used + sh->w[t].table_used / 4;
	pthread_mutex_unlock(&sh->crew.mu);
	/* An entry's bytes with a count of up to 16 bytes, the entries a quarter more than at the last polls. */
	size_t kw = sh->kw, spare_len = entries * (16 + 8 * kw + 4 + 16) + ((size_t)1 << 20);
	unsigned char *spare = spare_len ? malloc(spare_len) : NULL;
	if (spare)
		for (size_t k = 0; k < spare_len; k += 4096)
			((volatile unsigned char *)spare)[k] = 0;
	dlx__crew_park_all(&sh->crew);
	uint64_t user;
	unsigned char *b = NULL;
	int rc = user_fn(ctx, &user);
	if (!rc)
		rc = mck_image(sh, user, spare, spare_len, &b, len);
	dlx__crew_unpark(&sh->crew);
	if (b != spare)
		free(spare);
	if (!rc)
		seal(b, *len);
	*out = rc ? NULL : b;
	return rc;
}

/* The fingerprint of a memoized count: p's, the part's and the rule's. */
static uint64_t memo_fingerprint(uint64_t fp, uint32_t part, uint32_t parts, dlx_memo_order order)
{
	dlx_part path = { part, parts };
	uint64_t h = parts > 1 ? dlx__ck_part_fingerprint(fp, &path, 1) : fp;
	unsigned char b[12] = { 'm', 'e', 'm', 'o', '-', '1' };
	dlx__ck_put32(b + 6, (uint32_t)order);
	return dlx__ck_fnv(h, b, 10);
}

/*
 * Reads a memo checkpoint's own part into sh (after the cut is made): the
 * count so far, the jobs under way (each checked on p: the search takes
 * its path), the tables; DLX_OK, a refusal, or DLX_ERR_NOMEM.
 */
static int mck_parse(struct mck_shared *sh, const unsigned char *b, size_t len, struct memo_state *check,
		     unsigned keep, dlx_error_info *err)
{
	const dlx_problem *p = sh->p;
	if (dlx__ck_get64(b + 88) != sh->n_jobs)
		return dlx__ck_refuse(err, "corrupted checkpoint (its jobs are not this problem's cut)");
	sh->next = dlx__ck_get64(b + 96);
	uint64_t r = dlx__ck_get64(b + 104);
	uint32_t n_tables = dlx__ck_get32(b + 124);
	if (sh->next > sh->n_jobs || r > sh->next)
		return dlx__ck_refuse(err, "corrupted checkpoint (a job past the count's)");
	/* Solutions here are the exact count's, read below. */
	dlx__ck_get_counters(b, &sh->base);
	sh->base.solutions = 0;
	if (sh->base.max_level > p->n_primary)
		return dlx__ck_refuse(err, "corrupted checkpoint (a path deeper than the problem allows)");
	sh->retired.lookups = dlx__ck_get64(b + 128);
	sh->retired.hits = dlx__ck_get64(b + 136);
	sh->retired.stored = dlx__ck_get64(b + 144);
	sh->retired.dropped = dlx__ck_get64(b + 152);
	sh->retired.peak_bytes = (size_t)dlx__ck_get64(b + 160);
	size_t at = MEMO_HEAD, end = len - 8;
	size_t m = memo_count_get(b + at, end - at, &sh->saved);
	if (!m || memo_sum_u64(&sh->saved) != dlx__ck_get64(b + 32))
		return dlx__ck_refuse(err, "corrupted checkpoint (its count is malformed)");
	at += m;
	/* Each job takes 16 bytes at least, each table 72: more than the file holds is refused before allocating. */
	if (r > (end - at) / 16 || n_tables > (end - at) / 72 || n_tables > 65536)
		return dlx__ck_refuse(err, "corrupted checkpoint (its jobs and tables disagree with its size)");
	sh->pend = calloc(r ? r : 1, sizeof *sh->pend);
	unsigned char *seen = calloc(sh->n_jobs ? sh->n_jobs : 1, 1);
	if (!sh->pend || !seen) {
		free(seen);
		return DLX_ERR_NOMEM;
	}
	int rc = DLX_OK;
	for (uint64_t k = 0; k < r && !rc; k++) {
		struct mck_entry *e = &sh->pend[sh->n_pend];
		if (end - at < 16) {
			rc = dlx__ck_refuse(err, "corrupted checkpoint (its jobs disagree with its size)");
			break;
		}
		e->rank = dlx__ck_get64(b + at);
		e->depth = dlx__ck_get32(b + at + 8);
		if (e->rank >= sh->next || seen[e->rank] || dlx__ck_get32(b + at + 12) != 0) {
			rc = dlx__ck_refuse(err, "corrupted checkpoint (a job past the count's, or saved twice)");
			break;
		}
		if (e->depth > p->n_primary || e->depth > (end - at - 16) / 12) {
			rc = dlx__ck_refuse(err, "corrupted checkpoint (a path deeper than the problem allows)");
			break;
		}
		seen[e->rank] = 1;
		at += 16;
		size_t d = e->depth ? e->depth : 1;
		e->item = malloc(2 * d * sizeof *e->item);
		e->sum = calloc(d, sizeof *e->sum);
		e->val = calloc(d, sizeof *e->val);
		sh->n_pend++;
		if (!e->item || !e->sum || !e->val) {
			rc = DLX_ERR_NOMEM;
			break;
		}
		e->option = e->item + d;
		for (uint32_t l = 0; l < e->depth; l++, at += 8) {
			e->item[l] = dlx__ck_get32(b + at);
			e->option[l] = dlx__ck_get32(b + at + 4);
			memo_sum_init(&e->sum[l]);
		}
		for (uint32_t l = 0; l < e->depth && !rc; l++) {
			size_t took = memo_count_get(b + at, end - at, &e->sum[l]);
			if (!took)
				rc = dlx__ck_refuse(err, "corrupted checkpoint (a count of a job is malformed)");
			at += took;
			e->val[l] = memo_sum_val(&e->sum[l]);
		}
		if (rc)
			break;
		/* The path must be one the count takes: gone down and back on p, before anything is counted. */
		dlx_search_params none = DLX_SEARCH_PARAMS_INIT;
		struct memo_path path = { e->depth, e->item, e->option, e->val, true };
		dlx_stats st;
		int rj = job_run(check, sh->p, &sh->cut, job_of(sh, e->rank), &none, &st, &path);
		if (rj == DLX_ERR_SYNTAX)
			rc = dlx__ck_refuse(err, "corrupted checkpoint (its path is not one this problem's count takes)");
		else
			rc = rj;
	}
	free(seen);
	if (rc)
		return rc;
	size_t kept = n_tables < keep ? n_tables : keep;
	sh->tables = calloc(kept ? kept : 1, sizeof *sh->tables);
	if (!sh->tables)
		return DLX_ERR_NOMEM;
	const size_t kw = sh->kw;
	for (uint32_t t = 0; t < n_tables; t++) {
		size_t took;
		const char *why;
		/* Tables past the resume's threads are only checked (a forged file's empty tables cost no memory). */
		struct memo_table let_go;
		struct memo_table *mt = t < keep ? &sh->tables[t] : &let_go;
		rc = memo_table_from_image(mt, kw, b + at, end - at, t < keep, &took, &why);
		if (rc == DLX_ERR_SYNTAX)
			return dlx__ck_refuse(err, why);
		if (rc)
			return rc;
		if (t < keep)
			sh->n_tables++;
		else
			stats_add_memo(&sh->retired, &let_go.st);
		at += took;
	}
	if (at != end)
		return dlx__ck_refuse(err, "corrupted checkpoint (bytes after its tables)");
	sh->jobs_done = sh->next - sh->n_pend;
	return DLX_OK;
}

static void mck_destroy(struct mck_shared *sh)
{
	for (size_t k = 0; k < sh->n_pend; k++)
		entry_free(&sh->pend[k]);
	free(sh->pend);
	for (size_t t = 0; t < sh->n_tables; t++)
		memo_table_free(&sh->tables[t]);
	free(sh->tables);
	memo_sum_clear(&sh->saved);
	dlx__cut_free(&sh->cut);
	dlx__crew_destroy(&sh->crew);
}

/*
 * The workers' copies of p and their states, worker t taking saved table
 * t; the saved tables no worker takes are let go, their statistics kept.
 * DLX_OK or DLX_ERR_NOMEM.
 */
static int mck_workers(struct mck_shared *sh)
{
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	wp.poll_interval = sh->params->poll_interval ? sh->params->poll_interval : 4096;
	for (unsigned t = 0; t < sh->threads; t++) {
		struct mck_worker *w = &sh->w[t];
		w->sh = sh;
		w->clone = dlx__problem_borrow(sh->p);
		if (!w->clone || memo_state_new(&w->m, w->clone, sh->memo, &wp))
			return DLX_ERR_NOMEM;
		sh->kw = memo_state_table(w->m)->kw;
		if (t < sh->n_tables) {
			struct memo_table *mt = memo_state_table(w->m);
			memo_table_free(mt);
			*mt = sh->tables[t];
			memset(&sh->tables[t], 0, sizeof sh->tables[t]);
		}
	}
	for (size_t t = sh->threads; t < sh->n_tables; t++) {
		stats_add_memo(&sh->retired, &sh->tables[t].st);
		memo_table_free(&sh->tables[t]);
	}
	return DLX_OK;
}

int dlx_memo_count_resume(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
			  const dlx_split_params *split, const void *ckpt, size_t len, char **count, dlx_stats *stats,
			  dlx_memo_stats *mstats, dlx_error_info *err)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	static const dlx_memo_params no_memo = DLX_MEMO_PARAMS_INIT;
	if (count)
		*count = NULL;
	if (mstats)
		memset(mstats, 0, sizeof *mstats);
	int rc = dlx__ck_enter(p, ckpt, len, stats, err);
	if (rc)
		return rc;
	params = params ? params : &defaults;
	memo = memo ? memo : &no_memo;
	uint32_t parts = split && split->parts ? split->parts : 1;
	unsigned threads = split && split->threads ? split->threads : 1;
	if (params->on_solution || (memo->order != DLX_MEMO_MRV && memo->order != DLX_MEMO_FIRST) ||
	    parts > DLX_MAX_PARTS || (parts > 1 && (split->part < 1 || split->part > parts)))
		return DLX_ERR_INVALID;
	if (p->propagate || dlx__bounded(p))
		return DLX_ERR_STATE;
	p->ck_armed = false;
	struct mck_shared sh;
	memset(&sh, 0, sizeof sh);
	sh.p = p;
	sh.params = params;
	sh.memo = memo;
	sh.parts = parts;
	sh.part = parts > 1 ? split->part : 1;
	sh.target = parts > 1 ? (uint64_t)64 * parts : (uint64_t)512 * (threads < 1024 ? threads : 1024);
	memo_sum_init(&sh.saved);
	dlx__crew_init(&sh.crew, params);
	uint64_t fp;
	rc = dlx__ck_fingerprint(p, &fp);
	sh.fp = memo_fingerprint(fp, sh.part, parts, memo->order);
	const unsigned char *b = ckpt;
	if (!rc && b) {
		size_t extra;
		uint32_t flags;
		rc = dlx__ck_check_bytes(b, len, &extra, &flags, err);
		if (!rc && flags != DLX__CK_MEMO && flags != DLX__CK_MEMO_PART)
			rc = dlx__ck_refuse(err, "checkpoint of a count without --memo, not of a memoized count");
		uint32_t k = rc ? 0 : dlx__ck_get32(b + 112), m = rc ? 0 : dlx__ck_get32(b + 116);
		if (!rc && (flags == DLX__CK_MEMO_PART) != (m > 1))
			rc = dlx__ck_refuse(err, "corrupted checkpoint (its flags disagree with its part)");
		if (!rc && (m > 1 ? k != sh.part || m != parts : parts > 1)) {
			char want[32] = "the whole count", got[32] = "the whole count", msg[96];
			if (parts > 1)
				snprintf(want, sizeof want, "part %u/%u", (unsigned)sh.part, (unsigned)parts);
			if (m > 1)
				snprintf(got, sizeof got, "part %u/%u", (unsigned)k, (unsigned)m);
			snprintf(msg, sizeof msg, "checkpoint of %s, not of %s", got, want);
			rc = dlx__ck_refuse(err, msg);
		}
		if (!rc && dlx__ck_get32(b + 120) != (uint32_t)memo->order)
			rc = dlx__ck_refuse(err, dlx__ck_get32(b + 120) == DLX_MEMO_FIRST
							 ? "checkpoint of a count with --order first, not mrv"
							 : "checkpoint of a count with --order mrv, not first");
		if (!rc && dlx__ck_get64(b + 24) != sh.fp)
			rc = dlx__ck_refuse(err, "checkpoint of another problem, or of other options that shape the "
						  "search (seed, forced options)");
		if (!rc) {
			uint64_t target = dlx__ck_get64(b + 80);
			/* What a run cuts for: 64 per part, or 512 per thread (at most 1024 threads). */
			if (parts > 1 ? target != sh.target : target % 512 || target < 512 || target > (uint64_t)512 * 1024)
				rc = dlx__ck_refuse(err, "corrupted checkpoint (a cut of no allowed size)");
			sh.target = target;
		}
	}
	/* The cut, without polls: its walks are bounded, and a stop there would leave nothing to save. */
	dlx_stats walk = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (!rc)
		rc = dlx__cut(p, (size_t)sh.target, &defaults, &sh.cut, &walk);
	if (!rc) {
		sh.first = parts > 1 ? sh.part - 1 : 0;
		sh.stride = parts;
		sh.n_jobs = sh.first < sh.cut.n_jobs ? (sh.cut.n_jobs - sh.first - 1) / sh.stride + 1 : 0;
	}
	if (!rc && b) {
		struct memo_state *check;
		rc = memo_state_new(&check, p, &(dlx_memo_params){ memo->order, 1 }, &defaults);
		if (!rc) {
			sh.kw = memo_state_table(check)->kw;
			rc = mck_parse(&sh, b, len, check, threads, err);
			memo_state_delete(check);
		}
	}
	if (!rc && !p->ck_part && !(p->ck_part = calloc(1, sizeof *p->ck_part)))
		rc = DLX_ERR_NOMEM;
	/* The walk above the cut, counted once at the end of each run as dlx_memo_count() counts it; a part leaves it out. */
	dlx_stats above = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (parts == 1) {
		above.nodes = walk.nodes - sh.cut.leaves;
		above.updates = walk.updates;
		above.branches = walk.branches;
	}
	if (!rc) {
		uint64_t start_nodes = above.nodes;
		dlx__count_add(&start_nodes, sh.base.nodes, &rc);
		dlx__crew_begin(&sh.crew, start_nodes, memo_sum_u64(&sh.saved));
	}
	uint64_t work = sh.n_pend + (sh.n_jobs - sh.next);
	sh.threads = threads > work ? (work ? (unsigned)work : 1) : threads;
	if (!rc && !(sh.w = calloc(sh.threads, sizeof *sh.w)))
		rc = DLX_ERR_NOMEM;
	if (!rc)
		rc = mck_workers(&sh);
	if (rc) {
		for (unsigned t = 0; sh.w && t < sh.threads; t++) {
			memo_state_delete(sh.w[t].m);
			dlx_problem_free(sh.w[t].clone);
		}
		free(sh.w);
		mck_destroy(&sh);
		if (stats)
			stats->stop = DLX_STOP_ERROR;
		return rc;
	}
	/* Armed before the count: the caller's polls may save it. */
	free(p->ck_part->image);
	p->ck_part->image = NULL;
	p->ck_part->on = false;
	p->ck_part->live = &sh;
	p->ck_part->msplit = false;
	p->ck_part->live_save = dlx__ck_memo_save;
	p->ck_part->split = DLX_CK_SPLIT_LIVE;
	p->ck_fp = sh.fp;
	p->ck_armed = true;
	if (atomic_load(&sh.crew.stop) == DLX_STOP_COMPLETE) {
		unsigned started = 0;
		for (unsigned t = 0; t < sh.threads; t++)
			started += sh.w[t].started = dlx__crew_start(&sh.crew, &sh.w[t].thread, mck_worker_main, &sh.w[t]);
		/* A worker that could not start leaves its share to the others. */
		if (!started)
			rc = DLX_ERR_NOMEM;
		else
			dlx__crew_wait(&sh.crew, mck_so_far, &sh);
	}
	for (unsigned t = 0; t < sh.threads; t++)
		if (sh.w[t].started)
			pthread_join(sh.w[t].thread, NULL);
	p->ck_part->split = 0;
	p->ck_part->live = NULL;
	if (!rc)
		rc = sh.crew.rc;
	dlx_stop_reason why = sh.limit_hit ? DLX_STOP_LIMIT : dlx__crew_reason(&sh.crew);
	dlx_stats tot;
	int rs = counters_so_far(&sh, &tot);
	if (!rc)
		rc = rs;
	/* The nodes the stopped searches entered at their last polls were counted: the caller sees them. */
	for (unsigned t = 0; t < sh.threads; t++)
		tot.nodes += sh.w[t].has_job;
	if (!rc && why != DLX_STOP_COMPLETE && why != DLX_STOP_LIMIT) {
		unsigned char *img;
		size_t n;
		int ri = mck_image(&sh, 0, NULL, 0, &img, &n);
		if (!ri) {
			seal(img, n);
			p->ck_part->image = img;
			p->ck_part->image_len = n;
			p->ck_part->split = DLX_CK_SPLIT_IMAGE;
		} else {
			rc = ri;
		}
	}
	dlx__stats_add(&tot, &above, &rc);
	struct memo_sum total;
	memo_sum_init(&total);
	total_so_far(&sh, &total);
	if (mstats) {
		*mstats = sh.retired;
		for (unsigned t = 0; t < sh.threads; t++)
			stats_add_memo(mstats, &memo_state_table(sh.w[t].m)->st);
	}
	for (unsigned t = 0; t < sh.threads; t++) {
		memo_state_delete(sh.w[t].m);
		dlx_problem_free(sh.w[t].clone);
	}
	free(sh.w);
	double progress = sh.n_jobs ? (double)sh.jobs_done / (double)sh.n_jobs : 0;
	mck_destroy(&sh);
	tot.stop = rc ? DLX_STOP_ERROR : why;
	/* A count that reached a solution limit is the limit, as dlx_memo_count()'s. */
	if (!rc && params->solution_limit && memo_sum_at_least(&total, params->solution_limit)) {
		tot.stop = DLX_STOP_LIMIT;
		memo_sum_zero(&total);
		struct memo_val lim = { params->solution_limit, NULL, { 0, 0, NULL } };
		memo_sum_add(&total, &lim);
	}
	tot.solutions = memo_sum_u64(&total);
	tot.progress = tot.stop == DLX_STOP_COMPLETE ? 1.0 : progress;
	if (count) {
		*count = memo_sum_string(&total);
		if (!*count && !rc) {
			rc = DLX_ERR_NOMEM;
			tot.stop = DLX_STOP_ERROR;
		}
	}
	memo_sum_clear(&total);
	if (rc)
		p->ck_armed = false;
	if (stats)
		*stats = tot;
	return rc;
}
