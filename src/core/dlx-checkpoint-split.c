/*
 * Checkpoints of a count spread over threads (dlx_search_split_resume()).
 *
 * The tree is cut into jobs as dlx_search_split() cuts it (dlx-cut.h), for
 * a target of jobs fixed by the first run and kept in the checkpoint, so
 * that a resume in any number of threads cuts the same jobs.  The jobs are
 * taken in the order dlx__part_job_order() gives, by ranks: a worker claims
 * the next rank under the lock.  Where the search stands is then: the ranks
 * claimed (below `next`), the totals of the finished ones, and for each job
 * under way its rank, the option of its run under way and the path below
 * that option, with its counters so far -- what a part's checkpoint holds
 * for its one job (dlx__search_range_resume() resumes either).  A resume
 * claims the saved jobs first, each resumed from its path, then the ranks
 * from `next` on.  Each job's counters are those of its subtrees alone, so
 * the totals (the walk above the cut, counted as dlx_search_split() does,
 * the finished jobs', the resumed ones') are one uninterrupted search's
 * whatever the threads before and after.
 *
 * Saving while the workers run: dlx_checkpoint_save(), called from the
 * caller's poll (which runs in the calling thread), raises `park`; each
 * worker with a job stops at its next poll (at most a poll interval of
 * nodes later, about a millisecond) or at the end of its job, and claims
 * nothing while park is up; once none is busy, the state is read from the
 * workers' copies (their paths in choice[], as a one-thread search leaves
 * them at a poll), and they go on.
 *
 * The bytes: the header of dlx-checkpoint.c with flags 2, the finished
 * jobs' totals as its counters and an empty path, then
 *
 *   80  u64 the cut's target          u64 the number of jobs (a check)
 *   96  u64 next: ranks from it on were never started
 *  104  u64 R, the jobs under way, then R times:
 *       u64 rank, u64 the option of its run under way (its rank in the run),
 *       u64 solutions, nodes, updates, branches of the job so far,
 *       u32 max_level, u32 L, L x (u32 item, u32 option): the path
 *
 * and the checksum.  A part's (dlx_search_parts_split_resume()) has
 * flags 3, its cut the part's (dlx__part_cut(): it depends on the part
 * alone, so the target is 0), and between the 112 bytes above and the jobs
 * under way
 *
 *  112  u32 the part's depth D, u32 0, D x (u32 K, u32 M): its path
 *
 * its fingerprint covering the part's path.  A part's checkpoint of one
 * thread (flags 1: the job under way, its option, its path, the totals so
 * far) reads as one job under way whose counters are the totals, the
 * ranks before it finished.
 *
 * Solutions (on_solution, solution_limit) go through dlx__crew_solution(), one
 * at a time under `sol`; a worker that reports one is busy, so a save,
 * which waits for every worker to park at a poll, never reads the state
 * while a solution is half reported, and the caller's number (the output's
 * length) is taken then.  Once on_solution or solution_limit has stopped
 * the search, solutions other workers find are not reported though their
 * searches count them: such a search is not saved.
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
#include "dlx-mult.h"
#include "dlx-problem.h"
#include "dlx.h"

#define SPLIT_HEAD (DLX__CK_HEADER + 32u)
#define ENTRY_HEAD 56u

/* A job under way, as saved: the job's rank, the option's rank in its run, its counters and path. */
struct sck_entry {
	uint64_t rank, opt;
	dlx_stats at;
	uint32_t depth;
	uint32_t *item, *option;        /* depth entries each, malloc'd together in item */
};

struct sck_shared;

struct sck_worker {
	struct sck_shared *sh;
	dlx_problem *clone;
	pthread_t thread;
	bool started;
	bool has_job;                   /* a job claimed and not finished (its state in the clone) */
	uint64_t rank;
	uint64_t polled_nodes;
	double job_share, job_progress; /* guarded by sh->crew.mu, with job_solutions */
	uint64_t job_solutions;
	struct dlx__job_place pl;       /* where the clone stands among the jobs */
};

struct sck_shared {
	dlx_problem *p;
	const dlx_search_params *params;
	const dlx_part *part;           /* the part searched, depth levels; NULL, 0 for the whole tree */
	size_t depth;
	struct dlx__crew crew;          /* its lock guards what follows `go` below */
	struct dlx__cut cut;
	size_t *order;
	size_t n_order;
	uint64_t target;
	uint64_t fp;
	/* Guarded by crew.mu. */
	struct sck_entry *pend;         /* saved jobs under way, claimed first */
	size_t n_pend, next_pend;
	uint64_t next;                  /* the next fresh rank */
	dlx_stats fin;                  /* the finished jobs' totals */
	double fin_share;
	struct sck_worker *w;
	unsigned threads;
	double total_share;
};

/* The worker's poll: nodes, progress, and a park while a save reads the workers' states. */
static int sck_poll(void *ctx, const dlx_stats *so_far)
{
	struct sck_worker *w = ctx;
	struct dlx__crew *c = &w->sh->crew;
	dlx__crew_count(c, &w->polled_nodes, so_far->nodes);
	pthread_mutex_lock(&c->mu);
	w->job_progress = so_far->progress;
	w->job_solutions = so_far->solutions;
	dlx__crew_park_here(c);
	pthread_mutex_unlock(&c->mu);
	return atomic_load(&c->stop) != DLX_STOP_COMPLETE;
}

static void *sck_worker_main(void *arg)
{
	struct sck_worker *w = arg;
	struct sck_shared *sh = w->sh;
	const struct dlx__cut *cut = &sh->cut;
	dlx__place_init(&w->pl, w->clone);
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	wp.on_poll = sck_poll;
	wp.poll_ctx = w;
	/* The caller's interval for the workers' polls (the tests stop jobs anywhere), 4096 by default. */
	wp.poll_interval = sh->params->poll_interval ? sh->params->poll_interval : 4096;
	if (sh->params->on_solution || sh->params->solution_limit) {
		wp.on_solution = dlx__crew_solution;
		wp.solution_ctx = &sh->crew;
	}
	for (;;) {
		static const uint32_t none[1] = { 0 };
		struct dlx__replay rp = { 0, none, none, { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 } };
		uint64_t u0 = 0;
		pthread_mutex_lock(&sh->crew.mu);
		dlx__crew_wait_unparked(&sh->crew);
		bool claimed = false;
		if (atomic_load(&sh->crew.stop) == DLX_STOP_COMPLETE) {
			if (sh->next_pend < sh->n_pend) {
				const struct sck_entry *e = &sh->pend[sh->next_pend++];
				w->rank = e->rank;
				u0 = e->opt;
				rp = (struct dlx__replay){ e->depth, e->item, e->option, e->at };
				claimed = true;
			} else if (sh->next < sh->n_order) {
				w->rank = sh->next++;
				claimed = true;
			}
		}
		if (claimed) {
			w->has_job = true;
			sh->crew.busy++;
			w->job_share = dlx__job_share(cut, sh->order[w->rank]);
			w->job_progress = 0;
			w->job_solutions = rp.at.solutions;
		}
		pthread_mutex_unlock(&sh->crew.mu);
		if (!claimed)
			break;
		const struct dlx__job *job = &cut->jobs[sh->order[w->rank]];
		dlx_stats st = rp.at;
		st.stop = DLX_STOP_ERROR;
		int rc = dlx__place_reach(w->clone, &w->pl, &sh->cut, job);
		/* The saved job's nodes are in the crew's count already. */
		w->polled_nodes = rp.at.nodes;
		if (!rc) {
			dlx_problem *c = w->clone;
			c->ck_part->job = w->rank;
			c->ck_part->opt = u0;
			c->ck_part->max = rp.at.max_level;
			c->ck_where = DLX_CK_NONE;
			if (job->first) {
				rc = dlx__search_range_resume(c, job->first, job->last, u0, &rp, &wp, &st);
			} else if (u0) {
				/* A job that is a whole node has one option rank: 0. */
				rc = DLX_ERR_INVALID;
			} else {
				rc = dlx__search_replay(c, &wp, &rp, &st);
				if (rp.at.max_level > st.max_level)
					st.max_level = rp.at.max_level;
			}
		}
		if (!rc)
			dlx__crew_count(&sh->crew, &w->polled_nodes, st.nodes);
		pthread_mutex_lock(&sh->crew.mu);
		if (!rc && st.stop == DLX_STOP_COMPLETE) {
			dlx__stats_add(&sh->fin, &st, &rc);
			sh->fin_share += w->job_share;
			w->has_job = false;
		}
		w->job_share = 0;
		w->job_solutions = 0;
		dlx__crew_end_search(&sh->crew, rc);
		if (rc || st.stop != DLX_STOP_COMPLETE)
			break;
	}
	dlx__crew_leave(&sh->crew);
	return NULL;
}

/*
 * The bytes of where the search stands, every worker parked or finished
 * (sh->crew.mu held, or the workers joined): DLX_ERR_STATE when a job under way
 * stopped where nothing can be saved (an error).
 */
static int sck_image(struct sck_shared *sh, uint64_t user, unsigned char **out, size_t *len)
{
	*out = NULL;
	*len = 0;
	if (sh->crew.sol_stop)
		return DLX_ERR_STATE;
	const size_t head = SPLIT_HEAD + (sh->depth ? 8 + 8 * sh->depth : 0);
	size_t n = head + 8, r = 0;
	for (unsigned t = 0; t < sh->threads; t++) {
		const struct sck_worker *w = &sh->w[t];
		if (!w->has_job)
			continue;
		if (w->clone->ck_where == DLX_CK_NONE)
			return DLX_ERR_STATE;
		n += ENTRY_HEAD + 8 * (size_t)w->clone->ck_level;
		r++;
	}
	for (size_t k = sh->next_pend; k < sh->n_pend; k++, r++)
		n += ENTRY_HEAD + 8 * (size_t)sh->pend[k].depth;
	unsigned char *b = malloc(n);
	if (!b)
		return DLX_ERR_NOMEM;
	dlx__ck_put_header(b, sh->depth ? DLX__CK_SPLIT_PART : DLX__CK_SPLIT, n, sh->fp, &sh->fin, 0, user);
	dlx__ck_put64(b + 80, sh->target);
	dlx__ck_put64(b + 88, sh->n_order);
	dlx__ck_put64(b + 96, sh->next);
	dlx__ck_put64(b + 104, r);
	if (sh->depth) {
		dlx__ck_put32(b + SPLIT_HEAD, (uint32_t)sh->depth);
		dlx__ck_put32(b + SPLIT_HEAD + 4, 0);
		for (size_t d = 0; d < sh->depth; d++) {
			dlx__ck_put32(b + SPLIT_HEAD + 8 + 8 * d, sh->part[d].part);
			dlx__ck_put32(b + SPLIT_HEAD + 12 + 8 * d, sh->part[d].parts);
		}
	}
	size_t at = head;
	for (unsigned t = 0; t < sh->threads; t++) {
		const struct sck_worker *w = &sh->w[t];
		if (!w->has_job)
			continue;
		const dlx_problem *c = w->clone;
		dlx_stats s = c->ck_at;
		/* A poll's node was entered: the resumed search enters it again and counts it then. */
		s.nodes -= c->ck_where == DLX_CK_ENTERED;
		dlx__ck_put64(b + at, w->rank);
		dlx__ck_put64(b + at + 8, c->ck_part->opt);
		dlx__ck_put64(b + at + 16, s.solutions);
		dlx__ck_put64(b + at + 24, s.nodes);
		dlx__ck_put64(b + at + 32, s.updates);
		dlx__ck_put64(b + at + 40, s.branches);
		dlx__ck_put32(b + at + 48, c->ck_part->max > s.max_level ? c->ck_part->max : s.max_level);
		dlx__ck_put32(b + at + 52, c->ck_level);
		at += ENTRY_HEAD;
		for (uint32_t l = 0; l < c->ck_level; l++, at += 8) {
			int32_t x = c->choice[l];
			dlx__ck_put32(b + at, (uint32_t)(c->node.top[x] - 1));
			dlx__ck_put32(b + at + 4, (uint32_t)dlx__option_of_node(c, x));
		}
	}
	for (size_t k = sh->next_pend; k < sh->n_pend; k++) {
		const struct sck_entry *e = &sh->pend[k];
		dlx__ck_put64(b + at, e->rank);
		dlx__ck_put64(b + at + 8, e->opt);
		dlx__ck_put64(b + at + 16, e->at.solutions);
		dlx__ck_put64(b + at + 24, e->at.nodes);
		dlx__ck_put64(b + at + 32, e->at.updates);
		dlx__ck_put64(b + at + 40, e->at.branches);
		dlx__ck_put32(b + at + 48, e->at.max_level);
		dlx__ck_put32(b + at + 52, e->depth);
		at += ENTRY_HEAD;
		for (uint32_t l = 0; l < e->depth; l++, at += 8) {
			dlx__ck_put32(b + at, e->item[l]);
			dlx__ck_put32(b + at + 4, e->option[l]);
		}
	}
	dlx__ck_put64(b + n - 8, dlx__ck_fnv(DLX__CK_FNV_OFFSET, b, n - 8));
	*out = b;
	*len = n;
	return DLX_OK;
}

int dlx__ck_split_save(const dlx_problem *p, dlx_checkpoint_user_fn user_fn, void *ctx, void **out, size_t *len)
{
	struct dlx__ck_part *pc = p->ck_part;
	uint64_t user;
	if (pc->split == DLX_CK_SPLIT_IMAGE) {
		int rc = user_fn(ctx, &user);
		if (rc)
			return rc;
		unsigned char *b = malloc(pc->image_len);
		if (!b)
			return DLX_ERR_NOMEM;
		memcpy(b, pc->image, pc->image_len);
		dlx__ck_put64(b + 72, user);
		dlx__ck_put64(b + pc->image_len - 8, dlx__ck_fnv(DLX__CK_FNV_OFFSET, b, pc->image_len - 8));
		*out = b;
		*len = pc->image_len;
		return DLX_OK;
	}
	if (pc->split != DLX_CK_SPLIT_LIVE)
		return DLX_ERR_STATE;
	if (pc->live_save)
		return pc->live_save(p, user_fn, ctx, out, len);
	if (pc->msplit)
		return dlx__ck_msplit_save(p, user_fn, ctx, out, len);
	struct sck_shared *sh = pc->live;
	dlx__crew_park_all(&sh->crew);
	unsigned char *b;
	int rc = sh->crew.sol_stop ? DLX_ERR_STATE : user_fn(ctx, &user);
	if (!rc)
		rc = sck_image(sh, user, &b, len);
	dlx__crew_unpark(&sh->crew);
	*out = rc ? NULL : b;
	return rc;
}

/* The statistics so far for the caller's poll (sh->crew.mu held). */
static dlx_stats sck_so_far(void *ctx)
{
	const struct sck_shared *sh = ctx;
	dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	now.nodes = atomic_load(&sh->crew.nodes);
	now.solutions = sh->fin.solutions;
	double done = sh->fin_share;
	for (unsigned t = 0; t < sh->threads; t++) {
		now.solutions += sh->w[t].job_solutions;
		done += sh->w[t].job_share * sh->w[t].job_progress;
	}
	for (size_t k = sh->next_pend; k < sh->n_pend; k++)
		now.solutions += sh->pend[k].at.solutions;
	now.progress = sh->total_share > 0 ? done / sh->total_share : 0;
	return now;
}

/*
 * Reads a split checkpoint's own part into sh (pend, next, fin) after the
 * cut is made; DLX_OK, a refusal, or DLX_ERR_NOMEM.
 */
static int sck_parse(struct sck_shared *sh, const unsigned char *b, size_t len, dlx_error_info *err)
{
	const dlx_problem *p = sh->p;
	const size_t head = SPLIT_HEAD + (sh->depth ? 8 + 8 * sh->depth : 0);
	if (dlx__ck_get64(b + 88) != sh->n_order)
		return dlx__ck_refuse(err, "corrupted checkpoint (its jobs are not this problem's cut)");
	sh->next = dlx__ck_get64(b + 96);
	uint64_t r = dlx__ck_get64(b + 104);
	if (sh->next > sh->n_order || r > sh->next)
		return dlx__ck_refuse(err, "corrupted checkpoint (a job past the search's)");
	dlx__ck_get_counters(b, &sh->fin);
	if (sh->fin.max_level > p->n_primary)
		return dlx__ck_refuse(err, "corrupted checkpoint (a path deeper than the problem allows)");
	size_t at = head, end = len - 8;
	/* Each job takes its bytes: more than the file holds is refused before anything is allocated. */
	if (at > end || r > (end - at) / ENTRY_HEAD)
		return dlx__ck_refuse(err, "corrupted checkpoint (its jobs' paths disagree with its size)");
	sh->pend = calloc(r ? r : 1, sizeof *sh->pend);
	unsigned char *seen = calloc(sh->n_order ? sh->n_order : 1, 1);
	if (!sh->pend || !seen) {
		free(seen);
		return DLX_ERR_NOMEM;
	}
	for (uint64_t k = 0; k < r; k++) {
		if (end - at < ENTRY_HEAD) {
			free(seen);
			return dlx__ck_refuse(err, "corrupted checkpoint (its jobs' paths disagree with its size)");
		}
		struct sck_entry *e = &sh->pend[sh->n_pend];
		e->rank = dlx__ck_get64(b + at);
		e->opt = dlx__ck_get64(b + at + 8);
		e->at.solutions = dlx__ck_get64(b + at + 16);
		e->at.nodes = dlx__ck_get64(b + at + 24);
		e->at.updates = dlx__ck_get64(b + at + 32);
		e->at.branches = dlx__ck_get64(b + at + 40);
		e->at.max_level = dlx__ck_get32(b + at + 48);
		e->at.stop = DLX_STOP_COMPLETE;
		e->depth = dlx__ck_get32(b + at + 52);
		at += ENTRY_HEAD;
		const char *bad = NULL;
		if (e->rank >= sh->next || seen[e->rank])
			bad = "corrupted checkpoint (a job past the search's, or saved twice)";
		else if (e->depth > p->n_primary || e->at.max_level > p->n_primary ||
			 (e->depth && e->at.max_level < e->depth - 1))
			bad = "corrupted checkpoint (a path deeper than the problem allows)";
		else if ((end - at) / 8 < e->depth)
			bad = "corrupted checkpoint (its jobs' paths disagree with its size)";
		if (bad) {
			free(seen);
			return dlx__ck_refuse(err, bad);
		}
		seen[e->rank] = 1;
		e->item = malloc((e->depth ? e->depth : 1) * 2 * sizeof *e->item);
		if (!e->item) {
			free(seen);
			return DLX_ERR_NOMEM;
		}
		sh->n_pend++;
		e->option = e->item + e->depth;
		for (uint32_t l = 0; l < e->depth; l++, at += 8) {
			e->item[l] = dlx__ck_get32(b + at);
			e->option[l] = dlx__ck_get32(b + at + 4);
			if (e->item[l] >= p->n_primary || e->option[l] >= p->n_options) {
				free(seen);
				return dlx__ck_refuse(err, "corrupted checkpoint (an item or option out of range)");
			}
		}
	}
	free(seen);
	if (at != end)
		return dlx__ck_refuse(err, "corrupted checkpoint (its jobs' paths disagree with its size)");
	return DLX_OK;
}

static void sck_destroy(struct sck_shared *sh)
{
	for (size_t k = 0; k < sh->n_pend; k++)
		free(sh->pend[k].item);
	free(sh->pend);
	free(sh->order);
	dlx__cut_free(&sh->cut);
	dlx__crew_destroy(&sh->crew);
}

/* Starts the workers; how many started.  Each gets a clone with a ck_part of its own. */
static unsigned sck_start(struct sck_shared *sh)
{
	unsigned started = 0;
	for (unsigned t = 0; t < sh->threads; t++) {
		struct sck_worker *w = &sh->w[t];
		w->sh = sh;
		w->clone = dlx__problem_borrow(sh->p);
		if (!w->clone)
			break;
		w->clone->ck_part = calloc(1, sizeof *w->clone->ck_part);
		if (!w->clone->ck_part)
			break;
		if (!dlx__crew_start(&sh->crew, &w->thread, sck_worker_main, w))
			break;
		w->started = true;
		started++;
	}
	return started;
}

/*
 * A part's checkpoint's flags and path against the part searched: 0, or a
 * refusal.  *one says it is a one-thread part's (flags 1).
 */
static int sck_check_part(const struct sck_shared *sh, const unsigned char *b, size_t len, uint32_t flags, bool *one,
			  dlx_error_info *err)
{
	*one = flags == DLX__CK_PART;
	if (flags & DLX__CK_MEMO)
		return dlx__ck_refuse(err, DLX__CK_MEMO_REFUSAL);
	if (flags == DLX__CK_MSPLIT || flags == DLX__CK_MSPLIT_PART)
		return dlx__ck_refuse(err, "checkpoint of a problem with bounds, not of this one");
	if (flags == DLX__CK_SPLIT)
		return dlx__ck_refuse(err, "checkpoint of a count of the whole search in threads, not of a part");
	if (flags == DLX__CK_MPART)
		return dlx__ck_refuse(err, "checkpoint of a part of a problem with bounds, not of this one");
	if (flags != DLX__CK_PART && flags != DLX__CK_SPLIT_PART)
		return dlx__ck_refuse(err, "checkpoint of the whole search, not of a part");
	return dlx__ck_check_part_path(b, len, flags == DLX__CK_PART ? DLX__CK_HEADER : SPLIT_HEAD, sh->part, sh->depth,
				       err);
}

/*
 * A one-thread part's checkpoint as the state of its jobs: the job under
 * way, resumed first with the totals so far as its counters, the ranks
 * before it finished.
 */
static int sck_from_one(struct sck_shared *sh, const unsigned char *b, size_t len, dlx_error_info *err)
{
	struct dlx__replay rp;
	uint32_t *path = NULL;
	uint64_t k0 = 0, u0 = 0;
	int rc = dlx__ck_parse(sh->p, b, len, sh->fp, sh->part, sh->depth, &rp, &path, &k0, &u0, err);
	if (rc)
		return rc;
	if (k0 >= sh->n_order) {
		free(path);
		return dlx__ck_refuse(err, "corrupted checkpoint (a job past the part's)");
	}
	sh->pend = calloc(1, sizeof *sh->pend);
	if (!sh->pend) {
		free(path);
		return DLX_ERR_NOMEM;
	}
	sh->pend[0] = (struct sck_entry){ k0, u0, rp.at, (uint32_t)rp.depth, path, path + rp.depth };
	sh->n_pend = 1;
	sh->next = k0 + 1;
	return DLX_OK;
}

/*
 * dlx_search_split_resume() (part NULL, depth 0) and a part's search in
 * threads (dlx__ck_parts_split_resume()): p and the part checked by the
 * caller, fp its fingerprint (a part's for a part).
 */
static int sck_search(dlx_problem *p, const dlx_search_params *params, unsigned threads, const dlx_part *part,
		      size_t depth, uint64_t fp, const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	params = params ? params : &defaults;
	p->ck_armed = false;
	threads = threads ? threads : 1;
	const unsigned char *b = ckpt;
	uint64_t target = depth ? 0 : (uint64_t)512 * (threads < 1024 ? threads : 1024);
	struct sck_shared sh;
	memset(&sh, 0, sizeof sh);
	sh.p = p;
	sh.params = params;
	sh.part = part;
	sh.depth = depth;
	sh.fp = fp;
	bool one = false;
	int rc;
	if (b) {
		size_t extra;
		uint32_t flags;
		rc = dlx__ck_check_bytes(b, len, &extra, &flags, err);
		if (rc)
			return rc;
		if (depth) {
			rc = sck_check_part(&sh, b, len, flags, &one, err);
			if (rc)
				return rc;
		} else if (flags & DLX__CK_MEMO) {
			return dlx__ck_refuse(err, DLX__CK_MEMO_REFUSAL);
		} else if (flags == DLX__CK_MSPLIT || flags == DLX__CK_MSPLIT_PART) {
			return dlx__ck_refuse(err, "checkpoint of a problem with bounds, not of this one");
		} else if (flags != DLX__CK_SPLIT) {
			return dlx__ck_refuse(err, flags == DLX__CK_PART || flags == DLX__CK_SPLIT_PART ||
							   flags == DLX__CK_MPART
							   ? "checkpoint of a part of the search (dlx --part), not of a "
							     "search in threads"
							   : "checkpoint of a one-thread search, not of a count in threads "
							     "(resume it in one thread: --threads 1, dlx_search_resume())");
		}
		if (dlx__ck_get64(b + 24) != sh.fp)
			return dlx__ck_refuse(err, "checkpoint of another problem, or of other options that shape the "
						   "search (seed, propagation, forced options)");
		if (!depth) {
			target = dlx__ck_get64(b + 80);
			if (target < 1 || target > ((uint64_t)1 << 32))
				return dlx__ck_refuse(err, "corrupted checkpoint (a cut of no allowed size)");
		} else if (!one && dlx__ck_get64(b + 80) != 0) {
			return dlx__ck_refuse(err, "corrupted checkpoint (a cut of no allowed size)");
		}
	}
	/* The cut, without polls: its walks are bounded, and a stop there would leave nothing to save. */
	dlx_stats walk;
	size_t first = 0, stride = 1;
	rc = depth ? dlx__part_cut(p, part, depth, &defaults, &sh.cut, &first, &stride, &walk)
		   : dlx__cut(p, (size_t)target, &defaults, &sh.cut, &walk);
	sh.target = target;
	dlx__crew_init(&sh.crew, params);
	if (!rc) {
		sh.order = dlx__part_job_order(&sh.cut, first, stride, &sh.n_order);
		if (!sh.order)
			rc = DLX_ERR_NOMEM;
	}
	if (!rc && b)
		rc = one ? sck_from_one(&sh, b, len, err) : sck_parse(&sh, b, len, err);
	if (!rc && !p->ck_part && !(p->ck_part = calloc(1, sizeof *p->ck_part)))
		rc = DLX_ERR_NOMEM;
	if (rc) {
		sck_destroy(&sh);
		return rc;
	}
	for (size_t j = 0; j < sh.n_order; j++)
		sh.total_share += dlx__job_share(&sh.cut, j);
	for (uint64_t k = 0; k < sh.next; k++)
		sh.fin_share += dlx__job_share(&sh.cut, sh.order[k]);
	for (size_t k = 0; k < sh.n_pend; k++)
		sh.fin_share -= dlx__job_share(&sh.cut, sh.order[sh.pend[k].rank]);

	/*
	 * The walk above the cut, counted once as dlx_search_split() counts it:
	 * each job's root is a leaf of it.  A part leaves it out, as
	 * dlx_search_parts() does, so that the parts' totals add up.
	 */
	dlx_stats tot = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (!depth) {
		tot.nodes = walk.nodes - sh.cut.leaves;
		tot.updates = walk.updates;
		tot.branches = walk.branches;
	}
	uint64_t start_nodes = tot.nodes, reported = sh.fin.solutions;
	dlx__count_add(&start_nodes, sh.fin.nodes, &rc);
	for (size_t k = 0; k < sh.n_pend; k++) {
		dlx__count_add(&start_nodes, sh.pend[k].at.nodes, &rc);
		dlx__count_add(&reported, sh.pend[k].at.solutions, &rc);
	}
	dlx__crew_begin(&sh.crew, start_nodes, reported);

	uint64_t work = sh.n_pend + (sh.n_order - sh.next);
	sh.threads = threads > work ? (work ? (unsigned)work : 1) : threads;
	sh.w = calloc(sh.threads, sizeof *sh.w);
	if (!sh.w)
		rc = DLX_ERR_NOMEM;
	/* Armed before the search: the caller's polls may save it. */
	free(p->ck_part->image);
	p->ck_part->image = NULL;
	p->ck_part->on = false;
	p->ck_part->live = &sh;
	p->ck_part->msplit = false;
	p->ck_part->live_save = NULL;
	p->ck_part->split = DLX_CK_SPLIT_LIVE;
	p->ck_fp = sh.fp;
	p->ck_armed = !rc;
	unsigned started = 0;
	if (!rc && atomic_load(&sh.crew.stop) == DLX_STOP_COMPLETE) {
		started = sck_start(&sh);
		if (!started)
			rc = DLX_ERR_NOMEM;
		else
			dlx__crew_wait(&sh.crew, sck_so_far, &sh);
	}
	for (unsigned t = 0; sh.w && t < sh.threads; t++)
		if (sh.w[t].started)
			pthread_join(sh.w[t].thread, NULL);
	p->ck_part->split = 0;
	p->ck_part->live = NULL;
	if (!rc)
		rc = sh.crew.rc;
	/* The totals: the walk's, the finished jobs', and what the jobs under way did so far. */
	dlx__stats_add(&tot, &sh.fin, &rc);
	dlx_stop_reason why = dlx__crew_reason(&sh.crew);
	if (!rc && why != DLX_STOP_COMPLETE) {
		for (unsigned t = 0; t < sh.threads; t++) {
			const struct sck_worker *w = &sh.w[t];
			if (w->has_job && w->clone->ck_where != DLX_CK_NONE) {
				dlx_stats s = w->clone->ck_at;
				s.nodes -= w->clone->ck_where == DLX_CK_ENTERED;
				dlx__stats_add(&tot, &s, &rc);
			}
		}
		for (size_t k = sh.next_pend; k < sh.n_pend; k++)
			dlx__stats_add(&tot, &sh.pend[k].at, &rc);
		unsigned char *img;
		size_t n;
		int ri = rc || sh.crew.sol_stop ? DLX_ERR_STATE : sck_image(&sh, 0, &img, &n);
		if (!ri) {
			p->ck_part->image = img;
			p->ck_part->image_len = n;
			p->ck_part->split = DLX_CK_SPLIT_IMAGE;
		} else if (ri == DLX_ERR_NOMEM) {
			rc = ri;
		}
	}
	for (unsigned t = 0; sh.w && t < sh.threads; t++) {
		if (sh.w[t].clone) {
			if (sh.w[t].started)
				dlx__place_leave(sh.w[t].clone, &sh.w[t].pl);
			dlx_problem_free(sh.w[t].clone);
		}
	}
	free(sh.w);
	bool bad_path = rc == DLX_ERR_INVALID;
	tot.stop = rc ? DLX_STOP_ERROR : why;
	tot.progress = tot.stop == DLX_STOP_COMPLETE ? 1.0 : sh.total_share > 0 ? sh.fin_share / sh.total_share : 0;
	const int sh_sol_stop = sh.crew.sol_stop;
	reported = sh.crew.reported;
	sck_destroy(&sh);
	if (bad_path) {
		p->ck_armed = false;
		return dlx__ck_refuse(err, "corrupted checkpoint (its path is not one this problem's search takes)");
	}
	/* Solutions past a stop by on_solution or the limit were counted by their searches, not reported. */
	if (sh_sol_stop) {
		tot.solutions = reported;
		p->ck_armed = false;
	}
	if (rc)
		p->ck_armed = false;
	if (stats)
		*stats = tot;
	return rc;
}

int dlx_search_split_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads, const void *ckpt,
			    size_t len, dlx_stats *stats, dlx_error_info *err)
{
	int rc = dlx__ck_enter(p, ckpt, len, stats, err);
	if (rc)
		return rc;
	uint64_t fp;
	rc = dlx__ck_fingerprint(p, &fp);
	if (rc)
		return rc;
	if (dlx__bounded(p))
		return dlx__ck_msplit_resume(p, params, threads, NULL, 0, fp, ckpt, len, stats, err);
	return sck_search(p, params, threads, NULL, 0, fp, ckpt, len, stats, err);
}

int dlx__ck_parts_split_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads,
			       const dlx_part *part, size_t depth, const void *ckpt, size_t len, dlx_stats *stats,
			       dlx_error_info *err)
{
	uint64_t fp;
	int rc = dlx__ck_fingerprint(p, &fp);
	if (rc)
		return rc;
	return sck_search(p, params, threads, part, depth, dlx__ck_part_fingerprint(fp, part, depth), ckpt, len, stats,
			  err);
}

int dlx_checkpoint_split(const void *ckpt, size_t len, bool *split, dlx_error_info *err)
{
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
	if (split)
		*split = false;
	if (!ckpt || !split)
		return DLX_ERR_INVALID;
	size_t extra;
	uint32_t flags;
	int rc = dlx__ck_check_bytes(ckpt, len, &extra, &flags, err);
	if (!rc)
		*split = flags == DLX__CK_SPLIT || flags == DLX__CK_MSPLIT;
	return rc;
}
