/*
 * Checkpoints of a bounded problem's search in threads (Algorithm M:
 * dlx_search_split_resume() and dlx_search_parts_split_resume() when p has
 * items with bounds).
 *
 * A bounded search in threads is not cut into jobs: every worker runs
 * Algorithm M over the whole tree (dlx-split.c's split_search_m()), walks
 * the nodes above its cut and searches the leaves of the cut it claims
 * from a shared counter, in the order every run meets them.  Where such a
 * search stands is then: the claims handed out (C), the totals of the
 * leaves searched to their end, and each leaf claimed and not finished,
 * with, when its search began, the path from the root into it, the leaves
 * each stage of the cut had met there and the leaf's own counters so far.
 * The walks above the cut are not saved: the lead run (one that starts at
 * the root) walks all of it again, and only its walk counts, as in
 * split_search_m().
 *
 * A resume runs, in any number of threads: a run per saved leaf, down its
 * path (or from the root to the leaf, when it had not begun), each going
 * on through the tree claiming leaves from C on; then as many runs from
 * the root as there are threads left, one of them the lead.  Runs are
 * taken from that list by the threads in turn, so fewer threads than
 * saved leaves is fine.  The totals: the saved ones, each run's work below
 * the cut, the lead's walk above it; one uninterrupted search's in the
 * end, whatever the stops and the threads of each run.
 *
 * Saves park the workers at their polls as dlx-checkpoint-split.c does.
 * A worker parked in a leaf of the cut saves that leaf; one walking above
 * the cut saves the leaf it claimed ahead, if any (not begun).  Polls at a
 * claimed solution above the cut are skipped (dlx-search-m.c), so a
 * parked worker is never half way into a leaf.
 *
 * The bytes: the header of dlx-checkpoint.c with flags 8 (a part's: 9),
 * the finished leaves' totals as its counters and an empty path, then
 *
 *   80  u64 the cut's target (0 for a part)   88  u64 C, the claims handed out
 *   96  u32 the cut's stages S                100  u32 R, the leaves saved
 *  104  a part's: u32 depth D, u32 0, D x (u32 K, u32 M)
 *       then R times: u64 the leaf's number, u32 1 if begun, u32 L,
 *       u64 solutions, nodes, updates, branches of the leaf so far,
 *       u32 max_level, u32 0, S x u64 the leaves each stage met,
 *       L x (u32 item, u32 option) the path from the root (Algorithm M's)
 *
 * and the checksum.
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
#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-problem.h"
#include "dlx.h"

#define MHEAD (DLX__CK_HEADER + 24u)
#define MENTRY 56u

/* A leaf claimed and not finished, as saved. */
struct mck_entry {
	uint64_t leaf;
	bool begun;
	dlx_stats at;                   /* the leaf's own counters so far */
	uint64_t seen[DLX_MAX_PART_DEPTH];
	uint32_t depth;
	uint32_t *item, *option;        /* depth entries each, malloc'd together in item */
	const dlx_problem *src;         /* or NULL item: the path is in src's choice[] (a parked run's) */
};

struct mck_shared;

struct mck_worker {
	struct mck_shared *sh;
	dlx_problem *clone;
	pthread_t thread;
	bool started;
	bool has_run;                   /* a run under way (its state in the clone and cut) */
	bool lead;
	struct dlx__mcut cut;
	uint64_t polled_nodes;
	uint64_t run_solutions;         /* guarded by crew.mu: the run's solutions not yet in fin, at its last poll */
	dlx_stats run;                  /* the run's owned counters as it ended (has_run false) */
};

struct mck_shared {
	dlx_problem *p;
	const dlx_search_params *params;
	const dlx_part *part;
	size_t depth;
	uint64_t fp, target;
	struct dlx__mcut plan;
	atomic_uint_fast64_t claim;
	struct dlx__crew crew;
	/* Guarded by crew.mu. */
	struct mck_entry *pend;         /* saved leaves, a run each, taken first */
	size_t n_pend, next_pend;
	unsigned roots;                 /* runs from the root still to start; the first is the lead */
	bool lead_taken;
	dlx_stats fin;                  /* the saved totals and the ended runs' work below the cut */
	dlx_stats above;                /* the lead's walk above the cut, once it ended */
	struct mck_worker *w;
	unsigned threads;
};

static int mck_poll(void *ctx, const dlx_stats *so_far)
{
	struct mck_worker *w = ctx;
	struct dlx__crew *c = &w->sh->crew;
	/* so_far counts the walk above the cut for the lead only (dlx__mcut.lead). */
	dlx__crew_count(c, &w->polled_nodes, so_far->nodes);
	pthread_mutex_lock(&c->mu);
	w->run_solutions = so_far->solutions;
	dlx__crew_park_here(c);
	pthread_mutex_unlock(&c->mu);
	return atomic_load(&c->stop) != DLX_STOP_COMPLETE;
}

/* A run's counters below the cut (what it searched in its leaves), from its stats and cut. */
static dlx_stats owned_of(const dlx_stats *st, const struct dlx__mcut *c)
{
	dlx_stats o = *st;
	o.nodes -= c->shared_nodes;
	o.branches -= c->shared_branches;
	o.updates = c->owned_updates;
	return o;
}

static void *mck_worker_main(void *arg)
{
	struct mck_worker *w = arg;
	struct mck_shared *sh = w->sh;
	dlx_search_params wp = DLX_SEARCH_PARAMS_INIT;
	wp.on_poll = mck_poll;
	wp.poll_ctx = w;
	wp.poll_interval = sh->params->poll_interval ? sh->params->poll_interval : 4096;
	if (sh->params->on_solution || sh->params->solution_limit) {
		wp.on_solution = dlx__crew_solution;
		wp.solution_ctx = &sh->crew;
	}
	for (;;) {
		static const uint32_t none[1] = { 0 };
		struct dlx__replay rp = { 0, none, none, { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 } };
		pthread_mutex_lock(&sh->crew.mu);
		dlx__crew_wait_unparked(&sh->crew);
		bool taken = false;
		w->cut = sh->plan;
		w->cut.claim = &sh->claim;
		w->lead = false;
		if (atomic_load(&sh->crew.stop) == DLX_STOP_COMPLETE) {
			if (sh->next_pend < sh->n_pend) {
				const struct mck_entry *e = &sh->pend[sh->next_pend++];
				/* The leaf is this run's: met as number e->leaf, claimed. */
				w->cut.have = true;
				w->cut.mine = e->leaf;
				if (e->begun) {
					for (size_t s = 0; s < w->cut.n; s++)
						w->cut.stage[s].seen = e->seen[s];
					w->cut.kept = e->leaf + 1;
					w->cut.owned_updates = e->at.updates;
					rp = (struct dlx__replay){ e->depth, e->item, e->option, e->at };
				}
				taken = true;
			} else if (sh->roots > 0) {
				sh->roots--;
				w->lead = !sh->lead_taken && sh->depth == 0;
				sh->lead_taken = true;
				taken = true;
			}
		}
		if (taken) {
			w->has_run = true;
			w->run_solutions = rp.at.solutions;
			sh->crew.busy++;
		}
		pthread_mutex_unlock(&sh->crew.mu);
		if (!taken)
			break;
		w->cut.lead = w->lead;
		w->polled_nodes = rp.at.nodes;
		w->clone->ck_where = DLX_CK_NONE;
		dlx_stats st;
		int rc = dlx__search_m_part_replay(w->clone, &wp, &w->cut, &rp, &st);
		dlx_stats own = owned_of(&st, &w->cut);
		if (!rc)
			dlx__crew_count(&sh->crew, &w->polled_nodes, w->lead ? st.nodes : own.nodes);
		pthread_mutex_lock(&sh->crew.mu);
		if (!rc && st.stop == DLX_STOP_COMPLETE) {
			dlx__stats_add(&sh->fin, &own, &rc);
			if (w->lead)
				sh->above = (dlx_stats){ 0, w->cut.shared_nodes, st.updates - w->cut.owned_updates,
							 w->cut.shared_branches, DLX_STOP_COMPLETE, 0, 0.0 };
			w->has_run = false;
			w->run_solutions = 0;
		}
		dlx__crew_end_search(&sh->crew, rc);
		if (rc || st.stop != DLX_STOP_COMPLETE)
			break;
	}
	dlx__crew_leave(&sh->crew);
	return NULL;
}

/*
 * What a worker with a run under way leaves to save (parked, or stopped):
 * its leaf (begun, or claimed ahead) in *e and whether there is one; the
 * run's work below the cut outside that leaf added to *fin.
 */
static bool worker_state(const struct mck_worker *w, struct mck_entry *e, dlx_stats *fin, int *rc)
{
	const dlx_problem *c = w->clone;
	const struct dlx__ck_part *pc = c->ck_part;
	const struct dlx__mcut *cut = &w->cut;
	if (c->ck_where == DLX_CK_NONE) {
		/* Stopped before its first poll: nothing of it to keep but its claim. */
		*rc = *rc ? *rc : DLX_ERR_STATE;
		return false;
	}
	dlx_stats own = c->ck_at;
	own.nodes = pc->owned_nodes;
	own.branches = pc->owned_branches;
	own.updates = pc->owned_updates;
	memset(e, 0, sizeof *e);
	if (pc->in_leaf) {
		e->leaf = cut->mine;
		e->begun = true;
		e->at = pc->leaf_at;
		e->at.max_level = c->ck_at.max_level;
		for (size_t s = 0; s < cut->n; s++)
			e->seen[s] = pc->seen[s];
		e->depth = c->ck_level;
		e->src = c;
		/* The leaf's counters (less the poll's node, entered again) leave the rest to fin. */
		dlx_stats rest = own;
		rest.nodes -= e->at.nodes + (c->ck_where == DLX_CK_ENTERED);
		rest.branches -= e->at.branches;
		rest.updates -= e->at.updates;
		rest.solutions -= e->at.solutions;
		dlx__stats_add(fin, &rest, rc);
		return true;
	}
	/*
	 * Walking above the cut: the node entered there is the walk's, not
	 * below the cut.  A claim past the last leaf (the plan counted them
	 * all) is no leaf: saved, it would cost every resume a walk for nothing.
	 */
	dlx__stats_add(fin, &own, rc);
	if (cut->have && cut->mine >= cut->kept && cut->mine < w->sh->plan.leaves) {
		e->leaf = cut->mine;
		return true;
	}
	return false;
}

/* The bytes of where the search stands (mu held with every worker parked or joined). */
static int mck_image(struct mck_shared *sh, uint64_t user, unsigned char **out, size_t *len)
{
	*out = NULL;
	*len = 0;
	if (sh->crew.sol_stop)
		return DLX_ERR_STATE;
	int rc = DLX_OK;
	size_t cap = sh->threads + (sh->n_pend - sh->next_pend), r = 0;
	struct mck_entry *e = calloc(cap ? cap : 1, sizeof *e);
	if (!e)
		return DLX_ERR_NOMEM;
	dlx_stats fin = sh->fin;
	for (unsigned t = 0; t < sh->threads; t++) {
		const struct mck_worker *w = &sh->w[t];
		if (w->started && w->has_run && worker_state(w, &e[r], &fin, &rc))
			r++;
	}
	for (size_t k = sh->next_pend; k < sh->n_pend; k++)
		e[r++] = sh->pend[k];
	const size_t S = sh->plan.n;
	size_t head = MHEAD + (sh->depth ? 8 + 8 * sh->depth : 0), n = head + 8;
	for (size_t k = 0; k < r; k++)
		n += MENTRY + 8 * S + 8 * (size_t)e[k].depth;
	unsigned char *b = rc ? NULL : malloc(n);
	if (!b) {
		free(e);
		return rc ? rc : DLX_ERR_NOMEM;
	}
	dlx__ck_put_header(b, sh->depth ? DLX__CK_MSPLIT_PART : DLX__CK_MSPLIT, n, sh->fp, &fin, 0, user);
	dlx__ck_put64(b + 80, sh->target);
	dlx__ck_put64(b + 88, atomic_load(&sh->claim));
	dlx__ck_put32(b + 96, (uint32_t)S);
	dlx__ck_put32(b + 100, (uint32_t)r);
	if (sh->depth) {
		dlx__ck_put32(b + MHEAD, (uint32_t)sh->depth);
		dlx__ck_put32(b + MHEAD + 4, 0);
		for (size_t d = 0; d < sh->depth; d++) {
			dlx__ck_put32(b + MHEAD + 8 + 8 * d, sh->part[d].part);
			dlx__ck_put32(b + MHEAD + 12 + 8 * d, sh->part[d].parts);
		}
	}
	size_t at = head;
	for (size_t k = 0; k < r; k++) {
		const struct mck_entry *x = &e[k];
		dlx__ck_put64(b + at, x->leaf);
		dlx__ck_put32(b + at + 8, x->begun);
		dlx__ck_put32(b + at + 12, x->depth);
		dlx__ck_put64(b + at + 16, x->at.solutions);
		dlx__ck_put64(b + at + 24, x->at.nodes);
		dlx__ck_put64(b + at + 32, x->at.updates);
		dlx__ck_put64(b + at + 40, x->at.branches);
		dlx__ck_put32(b + at + 48, x->at.max_level);
		dlx__ck_put32(b + at + 52, 0);
		at += MENTRY;
		for (size_t s = 0; s < S; s++, at += 8)
			dlx__ck_put64(b + at, x->seen[s]);
		/* A parked run's path is in its clone's choice[] (publish()), as a one-thread save reads it. */
		for (uint32_t l = 0; l < x->depth; l++, at += 8) {
			if (x->item) {
				dlx__ck_put32(b + at, x->item[l]);
				dlx__ck_put32(b + at + 4, x->option[l]);
				continue;
			}
			const dlx_problem *c = x->src;
			int32_t nd = c->choice[l];
			/* Algorithm M's branch without an option is its item's header. */
			bool none = nd <= (int32_t)c->n_items;
			dlx__ck_put32(b + at, (uint32_t)((none ? nd : c->node.top[nd]) - 1));
			dlx__ck_put32(b + at + 4, none ? DLX__CK_NO_OPTION : (uint32_t)dlx__option_of_node(c, nd));
		}
	}
	dlx__ck_put64(b + n - 8, dlx__ck_fnv(DLX__CK_FNV_OFFSET, b, n - 8));
	free(e);
	*out = b;
	*len = n;
	return DLX_OK;
}

int dlx__ck_msplit_save(const dlx_problem *p, dlx_checkpoint_user_fn user_fn, void *ctx, void **out, size_t *len)
{
	struct mck_shared *sh = p->ck_part->live;
	dlx__crew_park_all(&sh->crew);
	uint64_t user;
	unsigned char *b = NULL;
	int rc = sh->crew.sol_stop ? DLX_ERR_STATE : user_fn(ctx, &user);
	if (!rc)
		rc = mck_image(sh, user, &b, len);
	dlx__crew_unpark(&sh->crew);
	*out = rc ? NULL : b;
	return rc;
}

static int cmp_leaf(const void *a, const void *b)
{
	uint64_t x = ((const struct mck_entry *)a)->leaf, y = ((const struct mck_entry *)b)->leaf;
	return x < y ? -1 : x > y;
}

/* The saved leaves and totals (after the plan is made); DLX_OK, a refusal or DLX_ERR_NOMEM. */
static int mck_parse(struct mck_shared *sh, const unsigned char *b, size_t len, dlx_error_info *err)
{
	const dlx_problem *p = sh->p;
	const size_t S = sh->plan.n;
	if (dlx__ck_get32(b + 96) != S)
		return dlx__ck_refuse(err, "corrupted checkpoint (a cut of another depth than the search's)");
	uint64_t claim = dlx__ck_get64(b + 88);
	uint32_t r = dlx__ck_get32(b + 100);
	/* Each worker claims at most one leaf past the last; threads are at most a few thousand. */
	if (claim > sh->plan.leaves + ((uint64_t)1 << 20) || r > claim)
		return dlx__ck_refuse(err, "corrupted checkpoint (a leaf past the search's)");
	atomic_store(&sh->claim, claim);
	dlx__ck_get_counters(b, &sh->fin);
	const uint64_t deepest = (uint64_t)p->n_primary + p->n_options;
	if (sh->fin.max_level > deepest)
		return dlx__ck_refuse(err, "corrupted checkpoint (a path deeper than the problem allows)");
	size_t at = MHEAD + (sh->depth ? 8 + 8 * sh->depth : 0), end = len - 8;
	/* Each leaf takes its bytes: more than the file holds is refused before anything is allocated. */
	if (r > (end - at) / (MENTRY + 8 * S))
		return dlx__ck_refuse(err, "corrupted checkpoint (its leaves' paths disagree with its size)");
	sh->pend = calloc(r ? r : 1, sizeof *sh->pend);
	if (!sh->pend)
		return DLX_ERR_NOMEM;
	for (uint32_t k = 0; k < r; k++) {
		if (end - at < MENTRY + 8 * S)
			return dlx__ck_refuse(err, "corrupted checkpoint (its leaves' paths disagree with its size)");
		struct mck_entry *e = &sh->pend[sh->n_pend];
		e->leaf = dlx__ck_get64(b + at);
		uint32_t begun = dlx__ck_get32(b + at + 8);
		e->depth = dlx__ck_get32(b + at + 12);
		e->at.solutions = dlx__ck_get64(b + at + 16);
		e->at.nodes = dlx__ck_get64(b + at + 24);
		e->at.updates = dlx__ck_get64(b + at + 32);
		e->at.branches = dlx__ck_get64(b + at + 40);
		e->at.max_level = dlx__ck_get32(b + at + 48);
		e->at.stop = DLX_STOP_COMPLETE;
		e->begun = begun == 1;
		const char *bad = NULL;
		if (e->leaf >= claim || e->leaf >= sh->plan.leaves)
			bad = "corrupted checkpoint (a leaf past the search's)";
		else if (begun > 1 || dlx__ck_get32(b + at + 52) != 0 || (!e->begun && e->depth) ||
			     (e->begun && e->depth < sh->plan.deepest) || e->depth > deepest ||
			     e->at.max_level > deepest)
			bad = "corrupted checkpoint (a path of no allowed depth)";
		at += MENTRY;
		for (size_t s = 0; s < S; s++, at += 8)
			e->seen[s] = dlx__ck_get64(b + at);
		if (!bad && (end - at) / 8 < e->depth)
			bad = "corrupted checkpoint (its leaves' paths disagree with its size)";
		if (bad)
			return dlx__ck_refuse(err, bad);
		e->item = malloc((e->depth ? e->depth : 1) * 2 * sizeof *e->item);
		if (!e->item)
			return DLX_ERR_NOMEM;
		sh->n_pend++;
		e->option = e->item + e->depth;
		for (uint32_t l = 0; l < e->depth; l++, at += 8) {
			e->item[l] = dlx__ck_get32(b + at);
			e->option[l] = dlx__ck_get32(b + at + 4);
			if (e->item[l] >= p->n_primary ||
			    (e->option[l] >= p->n_options && e->option[l] != DLX__CK_NO_OPTION))
				return dlx__ck_refuse(err, "corrupted checkpoint (an item or option out of range)");
		}
	}
	if (at != end)
		return dlx__ck_refuse(err, "corrupted checkpoint (its leaves' paths disagree with its size)");
	/* A leaf saved twice would be searched twice: sorted by leaf, neighbours must differ. */
	qsort(sh->pend, sh->n_pend, sizeof *sh->pend, cmp_leaf);
	for (size_t k = 1; k < sh->n_pend; k++)
		if (sh->pend[k].leaf == sh->pend[k - 1].leaf)
			return dlx__ck_refuse(err, "corrupted checkpoint (a leaf saved twice)");
	return DLX_OK;
}

/*
 * A bounded part's checkpoint of one thread (flags 4: dlx_search_parts_resume(),
 * a run that keeps all the part's leaves) as the state of claims: the
 * leaves its last stage kept so far are claimed (those before the one it
 * is in finished), and the one it is in, if any, is saved with the run's
 * work below the cut so far as its counters.
 */
static int mck_from_one(struct mck_shared *sh, const unsigned char *b, size_t len, dlx_error_info *err)
{
	struct dlx__replay rp;
	uint32_t *path = NULL;
	uint64_t job, opt;
	int rc = dlx__ck_parse(sh->p, b, len, sh->fp, sh->part, sh->depth, &rp, &path, &job, &opt, err);
	if (rc)
		return rc;
	const size_t S = sh->plan.n;
	size_t at = DLX__CK_HEADER + 8 + 8 * sh->depth;
	if (dlx__ck_get32(b + at) != S) {
		free(path);
		return dlx__ck_refuse(err, "corrupted checkpoint (a cut of another depth than the part's)");
	}
	uint64_t seen[DLX_MAX_PART_DEPTH];
	for (size_t s = 0; s < S; s++)
		seen[s] = dlx__ck_get64(b + at + 8 + 8 * s);
	at += 8 + 8 * S;
	uint64_t shared_nodes = dlx__ck_get64(b + at), shared_branches = dlx__ck_get64(b + at + 8);
	uint64_t owned_updates = dlx__ck_get64(b + at + 16);
	if (shared_nodes > rp.at.nodes || shared_branches > rp.at.branches || owned_updates > rp.at.updates) {
		free(path);
		return dlx__ck_refuse(err, "corrupted checkpoint (the walk above the cut counts more than the run)");
	}
	dlx_stats own = rp.at;
	own.nodes -= shared_nodes;
	own.branches -= shared_branches;
	own.updates = owned_updates;
	/* The last stage keeps the leaves it meets numbered part - 1 modulo parts. */
	const struct dlx__mstage *g = &sh->plan.stage[S - 1];
	uint64_t kept = seen[S - 1] >= g->part ? (seen[S - 1] - g->part) / g->parts + 1 : 0;
	atomic_store(&sh->claim, kept);
	if (rp.depth < sh->plan.deepest || kept == 0) {
		free(path);
		sh->fin = own;
		return DLX_OK;
	}
	sh->pend = calloc(1, sizeof *sh->pend);
	if (!sh->pend) {
		free(path);
		return DLX_ERR_NOMEM;
	}
	struct mck_entry *e = &sh->pend[0];
	e->leaf = kept - 1;
	e->begun = true;
	e->at = own;
	memcpy(e->seen, seen, S * sizeof *seen);
	e->depth = (uint32_t)rp.depth;
	e->item = path;
	e->option = path + rp.depth;
	sh->n_pend = 1;
	return DLX_OK;
}

static void mck_destroy(struct mck_shared *sh)
{
	for (size_t k = 0; k < sh->n_pend; k++)
		free(sh->pend[k].item);
	free(sh->pend);
	dlx__crew_destroy(&sh->crew);
}

/*
 * The figures so far for the caller's poll (crew.mu held): the solutions of
 * the leaves finished, saved and under way; as progress, the share of the
 * cut's leaves claimed.
 */
static dlx_stats mck_so_far(void *ctx)
{
	struct mck_shared *sh = ctx;
	dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	now.nodes = atomic_load(&sh->crew.nodes);
	now.solutions = sh->fin.solutions;
	for (size_t k = sh->next_pend; k < sh->n_pend; k++)
		now.solutions += sh->pend[k].at.solutions;
	for (unsigned t = 0; t < sh->threads; t++)
		now.solutions += sh->w[t].run_solutions;
	double claimed = (double)atomic_load(&sh->claim);
	now.progress = sh->plan.leaves ? (claimed < (double)sh->plan.leaves ? claimed / (double)sh->plan.leaves : 1) : 0;
	return now;
}

int dlx__ck_msplit_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads, const dlx_part *part,
			  size_t depth, uint64_t fp, const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	params = params ? params : &defaults;
	p->ck_armed = false;
	threads = threads ? threads : 1;
	const unsigned char *b = ckpt;
	bool one = false;
	struct mck_shared sh;
	memset(&sh, 0, sizeof sh);
	sh.p = p;
	sh.params = params;
	sh.part = part;
	sh.depth = depth;
	sh.fp = fp;
	sh.target = depth ? 0 : (uint64_t)512 * (threads < 1024 ? threads : 1024);
	int rc;
	if (b) {
		size_t extra;
		uint32_t flags;
		rc = dlx__ck_check_bytes(b, len, &extra, &flags, err);
		if (rc)
			return rc;
		if (flags & DLX__CK_MEMO)
			return dlx__ck_refuse(err, DLX__CK_MEMO_REFUSAL);
		uint32_t want = depth ? DLX__CK_MSPLIT_PART : DLX__CK_MSPLIT;
		one = depth && flags == DLX__CK_MPART;
		if (flags != want && !one) {
			if (flags == 0)
				return dlx__ck_refuse(err, "checkpoint of a one-thread search of a problem with bounds: it "
							   "resumes in one thread (--threads 1)");
			if (depth && flags == DLX__CK_MSPLIT)
				return dlx__ck_refuse(err, "checkpoint of a count of the whole search in threads, not of "
							   "a part");
			if (!depth && flags == DLX__CK_MSPLIT_PART)
				return dlx__ck_refuse(err, "checkpoint of a part of the search (dlx --part), not of the "
							   "whole search");
			return dlx__ck_refuse(err, "checkpoint of a problem without bounds, not of this one");
		}
		if (!one) {
			if (len < MHEAD + 8)
				return dlx__ck_refuse(err, "truncated checkpoint");
			if (depth && (rc = dlx__ck_check_part_path(b, len, MHEAD, part, depth, err)) != 0)
				return rc;
			if (dlx__ck_get64(b + 24) != fp)
				return dlx__ck_refuse(err, "checkpoint of another problem, or of other options that shape "
							   "the search (seed, propagation, forced options)");
			sh.target = dlx__ck_get64(b + 80);
			if (depth ? sh.target != 0 : sh.target < 1 || sh.target > ((uint64_t)1 << 32))
				return dlx__ck_refuse(err, "corrupted checkpoint (a cut of no allowed size)");
		}
	}
	/* The plan, without polls: its probes are bounded, and a stop there would leave nothing to save. */
	dlx_stats walks;
	rc = dlx__mcut_plan(p, part, depth, (size_t)sh.target, &defaults, &sh.plan, &walks);
	if (rc)
		return rc;
	dlx__mcut_reset(&sh.plan);
	sh.plan.claim = NULL;
	sh.plan.lead = false;
	atomic_init(&sh.claim, 0);
	dlx__crew_init(&sh.crew, params);
	if (b)
		rc = one ? mck_from_one(&sh, b, len, err) : mck_parse(&sh, b, len, err);
	if (!rc && !p->ck_part && !(p->ck_part = calloc(1, sizeof *p->ck_part)))
		rc = DLX_ERR_NOMEM;
	if (rc) {
		mck_destroy(&sh);
		return rc;
	}
	uint64_t start_nodes = sh.fin.nodes, reported = sh.fin.solutions;
	for (size_t k = 0; k < sh.n_pend; k++) {
		dlx__count_add(&start_nodes, sh.pend[k].at.nodes, &rc);
		dlx__count_add(&reported, sh.pend[k].at.solutions, &rc);
	}
	dlx__crew_begin(&sh.crew, start_nodes, reported);
	/* A run per saved leaf, then from the root as many as the threads left, at least the lead's. */
	sh.roots = threads > sh.n_pend ? threads - (unsigned)sh.n_pend : 1;
	sh.threads = threads;
	sh.w = calloc(sh.threads, sizeof *sh.w);
	if (!sh.w)
		rc = DLX_ERR_NOMEM;
	free(p->ck_part->image);
	p->ck_part->image = NULL;
	p->ck_part->on = false;
	p->ck_part->live = &sh;
	p->ck_part->msplit = true;
	p->ck_part->live_save = NULL;
	p->ck_part->split = DLX_CK_SPLIT_LIVE;
	p->ck_fp = fp;
	p->ck_armed = !rc;
	unsigned started = 0;
	for (unsigned t = 0; !rc && atomic_load(&sh.crew.stop) == DLX_STOP_COMPLETE && t < sh.threads; t++) {
		struct mck_worker *w = &sh.w[t];
		w->sh = &sh;
		w->clone = dlx__problem_borrow(p);
		if (!w->clone || !(w->clone->ck_part = calloc(1, sizeof *w->clone->ck_part)))
			break;
		w->clone->ck_part->mcut = true;
		if (!dlx__crew_start(&sh.crew, &w->thread, mck_worker_main, w))
			break;
		w->started = true;
		started++;
	}
	if (!rc && atomic_load(&sh.crew.stop) == DLX_STOP_COMPLETE) {
		if (!started)
			rc = DLX_ERR_NOMEM;
		else
			dlx__crew_wait(&sh.crew, mck_so_far, &sh);
	}
	for (unsigned t = 0; sh.w && t < sh.threads; t++)
		if (sh.w[t].started)
			pthread_join(sh.w[t].thread, NULL);
	p->ck_part->split = 0;
	p->ck_part->live = NULL;
	if (!rc)
		rc = sh.crew.rc;
	dlx_stop_reason why = dlx__crew_reason(&sh.crew);
	/* A run cut short by a stop must be saved with what it did; one that never polled cannot be. */
	dlx_stats tot = sh.fin;
	if (!rc && why != DLX_STOP_COMPLETE && !sh.crew.sol_stop) {
		unsigned char *img;
		size_t n;
		int ri = mck_image(&sh, 0, &img, &n);
		if (!ri) {
			p->ck_part->image = img;
			p->ck_part->image_len = n;
			p->ck_part->split = DLX_CK_SPLIT_IMAGE;
			/* The totals so far: the image's. */
			tot.solutions = dlx__ck_get64(img + 32);
			tot.nodes = dlx__ck_get64(img + 40);
			tot.updates = dlx__ck_get64(img + 48);
			tot.branches = dlx__ck_get64(img + 56);
			size_t at = MHEAD + (depth ? 8 + 8 * depth : 0);
			for (uint32_t k = 0, r = dlx__ck_get32(img + 100); k < r; k++) {
				dlx_stats e = { dlx__ck_get64(img + at + 16), dlx__ck_get64(img + at + 24),
						dlx__ck_get64(img + at + 32), dlx__ck_get64(img + at + 40),
						DLX_STOP_COMPLETE, dlx__ck_get32(img + at + 48), 0.0 };
				dlx__stats_add(&tot, &e, &rc);
				at += MENTRY + 8 * sh.plan.n + 8 * (size_t)dlx__ck_get32(img + at + 12);
			}
		} else if (ri == DLX_ERR_NOMEM) {
			rc = ri;
		}
	}
	/* The walk above the cut, once: the lead's (a part leaves it out, as dlx_search_parts()). */
	if (!depth)
		dlx__stats_add(&tot, &sh.above, &rc);
	if (sh.crew.sol_stop)
		tot.solutions = sh.crew.reported;
	for (unsigned t = 0; sh.w && t < sh.threads; t++)
		if (sh.w[t].clone)
			dlx_problem_free(sh.w[t].clone);
	free(sh.w);
	bool bad_path = rc == DLX_ERR_INVALID;
	tot.stop = rc ? DLX_STOP_ERROR : why;
	tot.progress = tot.stop == DLX_STOP_COMPLETE ? 1.0 : 0.0;
	const int sol_stop = sh.crew.sol_stop;
	mck_destroy(&sh);
	if (bad_path) {
		p->ck_armed = false;
		return dlx__ck_refuse(err, "corrupted checkpoint (its path is not one this problem's search takes)");
	}
	if (rc || sol_stop)
		p->ck_armed = false;
	if (stats)
		*stats = tot;
	return rc;
}
