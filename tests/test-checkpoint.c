/*
 * Check suite "checkpoint": dlx_search_resume() and dlx_checkpoint_save().
 * A search stopped and resumed any number of times, at random nodes, must
 * end with the solutions, nodes, updates and branches of one uninterrupted
 * dlx_search(), and meet the same solutions in the same order; a
 * checkpoint that is corrupted, truncated or of another problem is
 * refused and leaves the problem as it was.  So must a part's search
 * (dlx_search_parts_resume()), against one uninterrupted dlx_search_parts()
 * in one thread, and a checkpoint of another part is refused.  A count in
 * threads (dlx_search_split_resume()) stopped and saved, or saved while it
 * runs, and resumed in other numbers of threads, ends with one
 * dlx_search()'s totals.
 */
#include <check.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx.h"
#include "dlx-internal.h"

/* The order solutions come in, as a running hash: equal hashes, equal sequences (for our purposes). */
struct trace {
	uint64_t hash;
	uint64_t n;
};

static int trace_solution(void *ctx, const size_t *options, size_t n)
{
	struct trace *t = ctx;
	for (size_t k = 0; k < n; k++)
		t->hash = (t->hash ^ options[k]) * 0x100000001b3u;
	t->hash = (t->hash ^ 0xffu) * 0x100000001b3u;
	t->n++;
	return 0;
}

/* A poll that stops, or saves and goes on, at random. */
struct poller {
	dlx_problem *p;
	unsigned stop_one_in;   /* stop at one poll in this many */
	void *saved;            /* a checkpoint taken at a poll that went on */
	size_t saved_len;
	unsigned polls;
};

static int random_poll(void *ctx, const dlx_stats *so_far)
{
	struct poller *pl = ctx;
	(void)so_far;
	pl->polls++;
	if (rng() % pl->stop_one_in == 0)
		return 1;
	if (!pl->saved && rng() % 4 == 0)
		ck_assert_int_eq(dlx_checkpoint_save(pl->p, 0, &pl->saved, &pl->saved_len), DLX_OK);
	return 0;
}

/* A random problem: some secondary items with colors, maybe forced options, a seed's order, propagation. */
static dlx_problem *random_problem(bool *colored)
{
	size_t np = 4 + rng() % 9, ns = rng() % 4, no = 6 + rng() % 40;
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	*colored = rng() % 3 == 0;
	for (size_t k = 0; k < no; k++) {
		size_t items[16];
		uint32_t colors[16];
		size_t n = 0;
		for (size_t i = 0; i < np + ns; i++)
			if (rng() % 4 == 0) {
				colors[n] = i >= np && *colored ? rng() % 3 : 0;
				items[n++] = i;
			}
		if (n == 0) {
			colors[n] = 0;
			items[n++] = rng() % np;
		}
		ck_assert_int_ge(dlx_add_option_colored(p, items, colors, n), 0);
	}
	if (rng() % 2)
		ck_assert_int_eq(dlx_shuffle_options(p, rng()), DLX_OK);
	if (rng() % 3 == 0)
		dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME);
	if (rng() % 4 == 0)
		(void)dlx_force_option(p, rng() % no); /* a conflict just leaves it unforced */
	return p;
}

static void assert_same_stats(const dlx_stats *a, const dlx_stats *b)
{
	ck_assert_uint_eq(a->solutions, b->solutions);
	ck_assert_uint_eq(a->nodes, b->nodes);
	ck_assert_uint_eq(a->updates, b->updates);
	ck_assert_uint_eq(a->branches, b->branches);
	ck_assert_uint_eq(a->max_level, b->max_level);
}

/*
 * p's search (whole: its uninterrupted figures, in whole_trace its
 * solutions' order) stopped at random polls and node limits, each stop
 * saved and resumed, to the end: the same figures and order.  Then a
 * checkpoint taken at a poll that went on, resumed: the same figures.
 * Returns the resumes; *closed (when not NULL) counts the saved levels
 * whose branch took no option (Algorithm M's).
 */
static unsigned resume_to_end(dlx_problem *p, const dlx_stats *whole, const struct trace *whole_trace, unsigned trial,
			      unsigned *closed)
{
	unsigned resumes = 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	struct trace t = { 0, 0 };
	struct poller pl = { p, 2 + rng() % 6, NULL, 0, 0 };
	sp.on_solution = trace_solution;
	sp.solution_ctx = &t;
	sp.on_poll = random_poll;
	sp.poll_ctx = &pl;
	void *ck = NULL;
	size_t ck_len = 0;
	dlx_stats st;
	for (unsigned round = 0;; round++) {
		ck_assert_uint_lt(round, 100000);
		sp.poll_interval = 1 + rng() % 5;
		/* Now and then a node limit instead: it stops before a node, not at one. */
		sp.node_limit = rng() % 3 == 0 ? whole->nodes * (rng() % 100) / 100 : 0;
		dlx_error_info err;
		int rc = dlx_search_resume(p, &sp, ck, ck_len, &st, &err);
		ck_assert_msg(rc == DLX_OK, "trial %u round %u: %s", trial, round, err.message);
		assert_sane(p);
		free(ck);
		ck = NULL;
		if (st.stop == DLX_STOP_COMPLETE)
			break;
		ck_assert(st.stop == DLX_STOP_POLL || st.stop == DLX_STOP_NODE_LIMIT);
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &ck_len), DLX_OK);
		if (closed) {
			const unsigned char *b = ck;
			for (size_t at = 84; at + 8 < ck_len; at += 8)
				*closed += b[at] == 0xff && b[at + 1] == 0xff && b[at + 2] == 0xff && b[at + 3] == 0xff;
		}
		resumes++;
	}
	assert_same_stats(&st, whole);
	ck_assert_uint_eq(t.n, whole_trace->n);
	ck_assert_uint_eq(t.hash, whole_trace->hash);

	/* A checkpoint taken at a poll that went on: resumed, the same totals too. */
	if (pl.saved) {
		struct trace rest = { 0, 0 };
		dlx_search_params plain = DLX_SEARCH_PARAMS_INIT;
		plain.on_solution = trace_solution;
		plain.solution_ctx = &rest;
		ck_assert_int_eq(dlx_search_resume(p, &plain, pl.saved, pl.saved_len, &st, NULL), DLX_OK);
		assert_same_stats(&st, whole);
		ck_assert_uint_le(rest.n, whole->solutions);
		free(pl.saved);
	}
	return resumes;
}

START_TEST(interrupted_equals_uninterrupted)
{
	unsigned resumes = 0;
	unsigned n = test_trials(400);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2654435761u + 7);
		bool colored;
		dlx_problem *p = random_problem(&colored);
		struct trace whole_trace = { 0, 0 };
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.on_solution = trace_solution;
		sp.solution_ctx = &whole_trace;
		dlx_stats whole;
		ck_assert_int_eq(dlx_search(p, &sp, &whole), DLX_OK);
		ck_assert_int_eq(whole.stop, DLX_STOP_COMPLETE);

		resumes += resume_to_end(p, &whole, &whole_trace, trial, NULL);
		dlx_problem_free(p);
	}
	/* The trials must have stopped and resumed often, or they prove nothing. */
	ck_assert_uint_gt(resumes, n * 5 / 2);
}
END_TEST

/* A checkpoint of queens(n) taken at its k-th poll of every interval nodes. */
struct stopper {
	unsigned left;
};

static int stop_at(void *ctx, const dlx_stats *so_far)
{
	struct stopper *s = ctx;
	(void)so_far;
	return --s->left == 0;
}

static void *queens_checkpoint(dlx_problem *p, unsigned polls, size_t *len)
{
	struct stopper s = { polls };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at;
	sp.poll_ctx = &s;
	sp.poll_interval = 7;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	void *ck;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, len), DLX_OK);
	return ck;
}

/* dlx_search_resume() must refuse the bytes, say why, and leave p unsearched and sane. */
static void assert_refused(dlx_problem *p, const void *ck, size_t len)
{
	dlx_stats st;
	dlx_error_info err;
	int rc = dlx_search_resume(p, NULL, ck, len, &st, &err);
	ck_assert_int_eq(rc, DLX_ERR_SYNTAX);
	ck_assert_int_eq(st.stop, DLX_STOP_ERROR);
	ck_assert_uint_eq(st.nodes, 0);
	ck_assert(err.message[0] != '\0');
	assert_sane(p);
	void *again;
	size_t n;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &again, &n), DLX_ERR_STATE);
}

START_TEST(corrupted_checkpoints_refused)
{
	dlx_problem *p = queens(8);
	dlx_stats whole;
	ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
	size_t len;
	unsigned char *ck = queens_checkpoint(p, 20, &len);
	ck_assert_uint_gt(len, 88);
	unsigned char *bad = malloc(len + 1);
	ck_assert_ptr_nonnull(bad);
	/* Every byte flipped in turn, and every bit of the first header bytes. */
	for (size_t k = 0; k < len; k++) {
		memcpy(bad, ck, len);
		bad[k] ^= 0xff;
		assert_refused(p, bad, len);
		if (k < 24)
			for (int b = 0; b < 8; b++) {
				memcpy(bad, ck, len);
				bad[k] ^= (unsigned char)(1u << b);
				assert_refused(p, bad, len);
			}
	}
	/* Every truncation, and a byte too many. */
	for (size_t k = 0; k < len; k++)
		assert_refused(p, ck, k);
	memcpy(bad, ck, len);
	bad[len] = 0;
	assert_refused(p, bad, len + 1);
	/* The good one still resumes to the whole count. */
	dlx_stats st;
	ck_assert_int_eq(dlx_search_resume(p, NULL, ck, len, &st, NULL), DLX_OK);
	assert_same_stats(&st, &whole);
	free(bad);
	free(ck);
	dlx_problem_free(p);
}
END_TEST

static uint64_t fnv(const unsigned char *b, size_t n)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t k = 0; k < n; k++)
		h = (h ^ b[k]) * 0x100000001b3u;
	return h;
}

static void reseal(unsigned char *b, size_t len)
{
	uint64_t h = fnv(b, len - 8);
	for (int k = 0; k < 8; k++)
		b[len - 8 + k] = (unsigned char)(h >> (8 * k));
}

START_TEST(forged_paths_refused)
{
	/* A checksum that matches, but a path the search does not take: refused all the same. */
	dlx_problem *p = queens(8);
	size_t len;
	unsigned char *ck = queens_checkpoint(p, 30, &len);
	size_t depth = (len - 88) / 8;
	ck_assert_uint_ge(depth, 2);
	unsigned char *bad = malloc(len);
	ck_assert_ptr_nonnull(bad);
	for (size_t l = 0; l < depth; l++) {
		for (unsigned v = 0; v < 40; v++) {
			memcpy(bad, ck, len);
			/* Another item, or another option (36 options, items 0..11 primary). */
			size_t at = 80 + 8 * l + (v % 2 ? 4 : 0);
			unsigned old = bad[at];
			if (old == v / 2)
				continue;
			bad[at] = (unsigned char)(v / 2);
			reseal(bad, len);
			dlx_stats st;
			int rc = dlx_search_resume(p, NULL, bad, len, &st, NULL);
			/* Another option of the same item that the search would also take is a path too. */
			if (rc == DLX_OK)
				continue;
			ck_assert_int_eq(rc, DLX_ERR_SYNTAX);
			assert_sane(p);
		}
	}
	/* A path cut short is another node of the tree: counters no longer its own, but never a crash. */
	free(bad);
	free(ck);
	dlx_problem_free(p);
}
END_TEST

START_TEST(user_number_kept)
{
	dlx_problem *p = queens(8);
	struct stopper s = { 5 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at;
	sp.poll_ctx = &s;
	sp.poll_interval = 7;
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, NULL, NULL), DLX_OK);
	unsigned char *ck;
	size_t len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0x0123456789abcdefu, (void **)&ck, &len), DLX_OK);
	uint64_t user;
	dlx_error_info err;
	ck_assert_int_eq(dlx_checkpoint_user(ck, len, &user, &err), DLX_OK);
	ck_assert_uint_eq(user, 0x0123456789abcdefu);
	ck_assert_str_eq(err.message, "");
	/* Checked as a resume checks it: a flipped byte anywhere is refused. */
	for (size_t k = 0; k < len; k++) {
		ck[k] ^= 0x10;
		ck_assert_int_eq(dlx_checkpoint_user(ck, len, &user, &err), DLX_ERR_SYNTAX);
		ck_assert(err.message[0] != '\0');
		ck[k] ^= 0x10;
	}
	ck_assert_int_eq(dlx_checkpoint_user(ck, len - 1, &user, &err), DLX_ERR_SYNTAX);
	ck_assert_int_eq(dlx_checkpoint_user(NULL, len, &user, &err), DLX_ERR_INVALID);
	/* Another problem's checkpoint still has its number: the fingerprint is the resume's to check. */
	dlx_problem *q = queens(9);
	ck_assert_int_eq(dlx_checkpoint_user(ck, len, &user, NULL), DLX_OK);
	ck_assert_int_eq(dlx_search_resume(q, NULL, ck, len, NULL, &err), DLX_ERR_SYNTAX);
	dlx_problem_free(q);
	free(ck);
	dlx_problem_free(p);
}
END_TEST

START_TEST(other_problems_refused)
{
	dlx_problem *p = queens(8);
	size_t len;
	void *ck = queens_checkpoint(p, 10, &len);
	dlx_problem *q = queens(9);
	assert_refused(q, ck, len);
	dlx_problem_free(q);
	/* The same problem, searched another way: another tree. */
	q = queens(8);
	ck_assert_int_eq(dlx_shuffle_options(q, 5), DLX_OK);
	assert_refused(q, ck, len);
	ck_assert_int_eq(dlx_unshuffle_options(q), DLX_OK);
	dlx_set_propagation(q, DLX_PROPAGATE_SUBSUME);
	assert_refused(q, ck, len);
	dlx_set_propagation(q, DLX_PROPAGATE_NONE);
	ck_assert_int_eq(dlx_force_option(q, 3), DLX_OK);
	assert_refused(q, ck, len);
	dlx_release_forced(q);
	/* And as it was: accepted, on another copy of the problem. */
	dlx_stats whole, st;
	ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
	ck_assert_int_eq(dlx_search_resume(q, NULL, ck, len, &st, NULL), DLX_OK);
	assert_same_stats(&st, &whole);
	free(ck);
	dlx_problem_free(q);
	dlx_problem_free(p);
}
END_TEST

START_TEST(save_only_where_a_search_stands)
{
	dlx_problem *p = queens(8);
	void *ck;
	size_t len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_ERR_STATE);
	ck_assert_ptr_null(ck);
	ck_assert_int_eq(dlx_checkpoint_save(NULL, 0, &ck, &len), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, NULL, &len), DLX_ERR_INVALID);
	/* A search that completed leaves nothing to go on with. */
	ck_assert_int_eq(dlx_search_resume(p, NULL, NULL, 0, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_ERR_STATE);
	/* Nor does one stopped by its solution limit. */
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 1;
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_ERR_STATE);
	/* A stop at the node limit does, until the problem changes or dlx_search() runs. */
	sp.solution_limit = 0;
	sp.node_limit = 30;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
	free(ck);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_ERR_STATE);
	dlx_release_forced(p);
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_search_resume(NULL, NULL, NULL, 0, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search_resume(p, NULL, NULL, 3, NULL, NULL), DLX_ERR_INVALID);
	/* Bounds: Algorithm M's search, as dlx_search()'s; nothing to save once it completed. */
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 1), DLX_OK);
	dlx_stats m;
	ck_assert_int_eq(dlx_search(p, NULL, &m), DLX_OK);
	ck_assert_int_eq(dlx_search_resume(p, NULL, NULL, 0, &st, NULL), DLX_OK);
	assert_same_stats(&st, &m);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 1, 1), DLX_OK);
	ck_assert_int_eq(dlx_search_resume(p, NULL, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 92);
	dlx_problem_free(p);
}
END_TEST

START_TEST(node_limit_resumed_stops_again)
{
	/* Resumed with the limit it stopped at, a search stops at once, at the same place. */
	dlx_problem *p = queens(9);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 100;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, &st, NULL), DLX_OK);
	void *a, *b;
	size_t la, lb;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &a, &la), DLX_OK);
	ck_assert_int_eq(dlx_search_resume(p, &sp, a, la, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_eq(st.nodes, 100);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &b, &lb), DLX_OK);
	ck_assert_uint_eq(la, lb);
	ck_assert_mem_eq(a, b, la);
	/* A solution limit the saved solutions reach: stopped at once, nothing searched. */
	dlx_search_params lim = DLX_SEARCH_PARAMS_INIT;
	lim.solution_limit = 3;
	ck_assert_int_eq(dlx_search_resume(p, &lim, b, lb, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
	ck_assert_uint_eq(st.nodes, 100);
	ck_assert_uint_ge(st.solutions, 3);
	/* Then to the end: queens 9 has 352 solutions. */
	ck_assert_int_eq(dlx_search_resume(p, NULL, b, lb, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 352);
	free(a);
	free(b);
	dlx_problem_free(p);
}
END_TEST

/* A random part: K/M, and now and then a piece J/N of it. */
static size_t random_part(dlx_part *path)
{
	static const uint32_t ms[] = { 1, 2, 3, 5, 8 };
	size_t depth = 1 + (rng() % 4 == 0);
	for (size_t d = 0; d < depth; d++) {
		path[d].parts = ms[rng() % 5];
		path[d].part = 1 + rng() % path[d].parts;
	}
	return depth;
}

/*
 * A part's search, stopped by polls and node limits and resumed until it
 * completes, now and then on a fresh copy of the problem (as another
 * process would): its totals and its solutions, in order.
 */
static unsigned resume_part(dlx_problem *p, const dlx_part *path, size_t depth, uint64_t whole_nodes,
			    struct trace *t, dlx_stats *st)
{
	struct poller pl = { p, 2 + rng() % 6, NULL, 0, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = trace_solution;
	sp.solution_ctx = t;
	sp.on_poll = random_poll;
	sp.poll_ctx = &pl;
	void *ck = NULL;
	size_t ck_len = 0;
	unsigned resumes = 0;
	for (unsigned round = 0;; round++) {
		ck_assert_uint_lt(round, 100000);
		dlx_problem *q = rng() % 4 == 0 ? dlx_problem_clone(p) : p;
		ck_assert_ptr_nonnull(q);
		pl.p = q;
		sp.poll_interval = 1 + rng() % 5;
		sp.node_limit = rng() % 3 == 0 ? whole_nodes * (rng() % 100) / 100 : 0;
		dlx_error_info err;
		int rc = dlx_search_parts_resume(q, &sp, path, depth, ck, ck_len, st, &err);
		ck_assert_msg(rc == DLX_OK, "round %u: %s", round, err.message);
		assert_sane(q);
		ck_assert_uint_eq(dlx_forced_count(q), dlx_forced_count(p));
		free(ck);
		ck = NULL;
		if (st->stop != DLX_STOP_COMPLETE) {
			ck_assert(st->stop == DLX_STOP_POLL || st->stop == DLX_STOP_NODE_LIMIT);
			ck_assert_int_eq(dlx_checkpoint_save(q, 0, &ck, &ck_len), DLX_OK);
			resumes++;
		}
		if (q != p)
			dlx_problem_free(q);
		if (!ck)
			break;
	}
	/* A checkpoint taken at a poll that went on: resumed, the same totals too. */
	if (pl.saved) {
		dlx_stats again;
		ck_assert_int_eq(dlx_search_parts_resume(p, NULL, path, depth, pl.saved, pl.saved_len, &again, NULL),
				 DLX_OK);
		assert_same_stats(&again, st);
		free(pl.saved);
	}
	return resumes;
}

START_TEST(part_interrupted_equals_uninterrupted)
{
	unsigned resumes = 0;
	unsigned n = test_trials(300);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2246822519u + 11);
		bool colored;
		dlx_problem *p = trial % 10 == 9 ? queens(5 + trial / 10 % 4) : random_problem(&colored);
		dlx_part path[2];
		size_t depth = random_part(path);
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		struct trace whole_trace = { 0, 0 };
		sp.on_solution = trace_solution;
		sp.solution_ctx = &whole_trace;
		dlx_stats whole;
		ck_assert_int_eq(dlx_search_parts(p, &sp, 1, path, depth, &whole), DLX_OK);
		ck_assert_int_eq(whole.stop, DLX_STOP_COMPLETE);

		struct trace t = { 0, 0 };
		dlx_stats st;
		resumes += resume_part(p, path, depth, whole.nodes, &t, &st);
		ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
		assert_same_stats(&st, &whole);
		ck_assert_uint_eq(t.n, whole_trace.n);
		ck_assert_uint_eq(t.hash, whole_trace.hash);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(resumes, n);
}
END_TEST

START_TEST(parts_resumed_add_up)
{
	/* Every part of M, each stopped and resumed: their solutions add up to the whole count. */
	for (unsigned trial = 0; trial < 40; trial++) {
		rng_seed(trial * 3266489917u + 5);
		bool colored;
		dlx_problem *p = trial % 4 == 3 ? queens(6 + trial % 3) : random_problem(&colored);
		dlx_stats whole;
		ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
		uint32_t m = 1 + rng() % 6, n = rng() % 2 ? 1 + rng() % 3 : 0;
		uint64_t sum = 0;
		for (uint32_t k = 1; k <= m; k++)
			for (uint32_t j = 1; j <= (n ? n : 1); j++) {
				dlx_part path[2] = { { k, m }, { j, n } };
				struct trace t = { 0, 0 };
				dlx_stats st;
				resume_part(p, path, n ? 2 : 1, whole.nodes, &t, &st);
				ck_assert_uint_eq(t.n, st.solutions);
				sum += st.solutions;
			}
		ck_assert_uint_eq(sum, whole.solutions);
		dlx_problem_free(p);
	}
}
END_TEST

/* dlx_search_parts_resume() must refuse the bytes as dlx_search_resume() does. */
static void assert_part_refused(dlx_problem *p, const dlx_part *path, size_t depth, const void *ck, size_t len)
{
	dlx_stats st;
	dlx_error_info err;
	int rc = dlx_search_parts_resume(p, NULL, path, depth, ck, len, &st, &err);
	ck_assert_int_eq(rc, DLX_ERR_SYNTAX);
	ck_assert_int_eq(st.stop, DLX_STOP_ERROR);
	ck_assert_uint_eq(st.nodes, 0);
	ck_assert(err.message[0] != '\0');
	assert_sane(p);
	void *again;
	size_t n;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &again, &n), DLX_ERR_STATE);
}

START_TEST(other_parts_refused)
{
	dlx_problem *p = queens(8);
	dlx_part path[2] = { { 2, 3 }, { 1, 2 } };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 50;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_parts_resume(p, &sp, path, 1, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	void *ck;
	size_t len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
	uint64_t user;
	ck_assert_int_eq(dlx_checkpoint_user(ck, len, &user, NULL), DLX_OK);
	dlx_part other[2] = { { 1, 3 }, { 1, 2 } }, more[2] = { { 2, 4 }, { 1, 2 } };
	assert_part_refused(p, other, 1, ck, len);  /* another K */
	assert_part_refused(p, more, 1, ck, len);   /* another M */
	assert_part_refused(p, path, 2, ck, len);   /* a piece of the part */
	assert_refused(p, ck, len);                 /* the whole search */
	/* A whole search's checkpoint is no part's. */
	size_t wlen;
	void *w = queens_checkpoint(p, 3, &wlen);
	assert_part_refused(p, path, 1, w, wlen);
	/* Another problem with the same part. */
	dlx_problem *q = queens(7);
	assert_part_refused(q, path, 1, ck, len);
	/* A forged job rank past the part's, resealed. */
	unsigned char *bad = malloc(len);
	memcpy(bad, ck, len);
	bad[88 + 8] = 0xff, bad[88 + 9] = 0xff;
	reseal(bad, len);
	assert_part_refused(p, path, 1, bad, len);
	/* The genuine one still goes on, to the uninterrupted part's count. */
	dlx_stats whole;
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, path, 1, &whole), DLX_OK);
	ck_assert_int_eq(dlx_search_parts_resume(p, NULL, path, 1, ck, len, &st, NULL), DLX_OK);
	assert_same_stats(&st, &whole);
	/* Bad arguments. */
	dlx_part zero = { 0, 3 };
	ck_assert_int_eq(dlx_search_parts_resume(p, NULL, &zero, 1, NULL, 0, &st, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search_parts_resume(p, NULL, path, 0, NULL, 0, &st, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search_parts_resume(p, NULL, path, 1, NULL, 4, &st, NULL), DLX_ERR_INVALID);
	free(bad);
	free(w);
	free(ck);
	dlx_problem_free(q);
	dlx_problem_free(p);
}
END_TEST

/* The counters a count in threads must end with: one dlx_search()'s (max_level is each job's own depth there). */
static void assert_same_counts(const dlx_stats *a, const dlx_stats *b, const char *what, unsigned trial)
{
	ck_assert_msg(a->solutions == b->solutions && a->nodes == b->nodes && a->updates == b->updates &&
			      a->branches == b->branches,
		      "%s %u: %llu solutions, %llu nodes, %llu updates, %llu branches; one search: %llu, %llu, %llu, %llu",
		      what, trial, (unsigned long long)a->solutions, (unsigned long long)a->nodes,
		      (unsigned long long)a->updates, (unsigned long long)a->branches, (unsigned long long)b->solutions,
		      (unsigned long long)b->nodes, (unsigned long long)b->updates, (unsigned long long)b->branches);
}

/*
 * A count in threads stopped by node limits that the workers see at their
 * polls (every 1 to 7 nodes here, so that jobs stop anywhere in their
 * subtrees), saved, and resumed in another number of threads, until it
 * completes: the totals of one dlx_search().
 */
START_TEST(split_interrupted_equals_uninterrupted)
{
	unsigned resumes = 0, under_way = 0, fewer = 0;
	unsigned n = test_trials(300);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2246822519u + 11);
		bool colored;
		dlx_problem *p = trial % 4 == 3 ? queens(6 + trial % 4) : random_problem(&colored);
		dlx_stats whole, one;
		ck_assert_int_eq(dlx_search(p, NULL, &one), DLX_OK);
		whole = one;
		bool prop = dlx_get_propagation(p) != DLX_PROPAGATE_NONE;
		if (prop) {
			/*
			 * The cut's walk does not propagate (dlx_search_split()): the
			 * figures are those of the uninterrupted split search with the
			 * first run's cut (two threads' here), the solutions dlx_search()'s.
			 */
			dlx_split_params two = { 2, 0, 0 };
			ck_assert_int_eq(dlx_search_split(p, NULL, &two, &whole), DLX_OK);
			ck_assert_uint_eq(whole.solutions, one.solutions);
		}
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		void *ck = NULL;
		size_t ck_len = 0;
		dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
		for (unsigned round = 0;; round++) {
			ck_assert_uint_lt(round, 100000);
			unsigned threads = prop && !ck && round == 0 ? 2 : 1 + rng() % 4;
			sp.poll_interval = 1 + rng() % 7;
			/* Beyond the nodes counted so far, so that each run gets on; now and then none. */
			sp.node_limit = rng() % 5 ? st.nodes + 1 + rng() % (whole.nodes / 4 + 1) : 0;
			/*
			 * Jobs under way (the u64 at byte 104): often one thread and
			 * a stop soon, so that some are saved again before any
			 * worker took them.
			 */
			if (ck && ck_len >= 112 && ((const unsigned char *)ck)[104] >= 2 && rng() % 2) {
				threads = 1;
				sp.node_limit = st.nodes + 1 + rng() % 3;
				fewer++;
			}
			dlx_error_info err;
			int rc = dlx_search_split_resume(p, &sp, threads, ck, ck_len, &st, &err);
			ck_assert_msg(rc == DLX_OK, "trial %u round %u: %s (%s)", trial, round, dlx_strerror(rc),
				      err.message);
			assert_sane(p);
			free(ck);
			ck = NULL;
			if (st.stop == DLX_STOP_COMPLETE)
				break;
			ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
			ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &ck_len), DLX_OK);
			bool split = false;
			ck_assert_int_eq(dlx_checkpoint_split(ck, ck_len, &split, NULL), DLX_OK);
			ck_assert(split);
			/* Jobs under way: 56 bytes each and their paths, past 120 bytes. */
			under_way += ck_len > 120;
			resumes++;
		}
		assert_same_counts(&st, &whole, "trial", trial);
		/* Nothing left to save once it completed. */
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &ck_len), DLX_ERR_STATE);
		dlx_problem_free(p);
	}
	/*
	 * The trials must have stopped and resumed often, jobs half done among
	 * them, or they prove nothing.  How often depends on the threads' timing
	 * (the stops come at their polls): 1.4 to 1.6 a trial over 19 trials.
	 */
	ck_assert_uint_gt(resumes, n * 6 / 5);
	ck_assert_uint_gt(under_way, n * 2 / 15);
	(void)fewer;
}
END_TEST

/* The jobs under way in a threaded search's checkpoint (the u64 at byte 104). */
static uint64_t jobs_under_way(const void *ck)
{
	const unsigned char *b = ck;
	uint64_t r = 0;
	for (int k = 7; k >= 0; k--)
		r = r << 8 | b[104 + k];
	return r;
}

/*
 * Jobs under way saved again before any worker took them: several saved
 * by four threads, resumed in one that stops at once, then to the end in
 * two: one dlx_search()'s totals, every time.
 */
START_TEST(split_jobs_saved_again_untouched)
{
	dlx_problem *p = queens(10);
	dlx_stats whole;
	ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
	unsigned seen = 0;
	for (unsigned attempt = 0; attempt < 200 && seen < 5; attempt++) {
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.poll_interval = 1;
		sp.node_limit = 500 + 97 * attempt;
		dlx_stats st;
		ck_assert_int_eq(dlx_search_split_resume(p, &sp, 4, NULL, 0, &st, NULL), DLX_OK);
		ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
		void *ck;
		size_t len;
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
		uint64_t r = jobs_under_way(ck);
		if (r >= 2) {
			seen++;
			sp.node_limit = st.nodes + 1;
			ck_assert_int_eq(dlx_search_split_resume(p, &sp, 1, ck, len, &st, NULL), DLX_OK);
			ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
			free(ck);
			ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
			/* The one thread took one job; the others are saved as they were. */
			ck_assert_uint_ge(jobs_under_way(ck), r - 1);
		}
		ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, ck, len, &st, NULL), DLX_OK);
		assert_same_counts(&st, &whole, "attempt", attempt);
		free(ck);
	}
	ck_assert_uint_ge(seen, 5);
	dlx_problem_free(p);
}
END_TEST

/*
 * Saves at each of the caller's polls (every 10 ms) while the workers run,
 * and stops at the second: queens 13 takes some 100 ms in two threads.
 */
struct live_saver {
	dlx_problem *p;
	void *first;
	size_t first_len;
	unsigned polls, saves;
};

static int live_save_poll(void *ctx, const dlx_stats *so_far)
{
	struct live_saver *ls = ctx;
	(void)so_far;
	void *ck;
	size_t len;
	ck_assert_int_eq(dlx_checkpoint_save(ls->p, ls->polls, &ck, &len), DLX_OK);
	ls->saves++;
	if (!ls->first) {
		ls->first = ck;
		ls->first_len = len;
	} else {
		free(ck);
	}
	return ++ls->polls == 2;
}

/*
 * Saves taken while the threads run (each worker parked at a poll while
 * its state is read) and at the stop resume, in one thread and in three,
 * to one dlx_search()'s totals.
 */
START_TEST(split_saved_while_running)
{
	dlx_problem *p = queens(13);
	dlx_stats whole;
	ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
	struct live_saver ls = { p, NULL, 0, 0, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = live_save_poll;
	sp.poll_ctx = &ls;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split_resume(p, &sp, 2, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_uint_ge(ls.saves, 2);
	void *last;
	size_t last_len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 9, &last, &last_len), DLX_OK);
	uint64_t user;
	ck_assert_int_eq(dlx_checkpoint_user(last, last_len, &user, NULL), DLX_OK);
	ck_assert_uint_eq(user, 9);
	ck_assert_int_eq(dlx_checkpoint_user(ls.first, ls.first_len, &user, NULL), DLX_OK);
	ck_assert_uint_eq(user, 0);
	ck_assert_uint_lt(st.nodes, whole.nodes);
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 1, ls.first, ls.first_len, &st, NULL), DLX_OK);
	assert_same_counts(&st, &whole, "first save, 1 thread", 0);
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 3, last, last_len, &st, NULL), DLX_OK);
	assert_same_counts(&st, &whole, "stop, 3 threads", 0);
	/* And from the start in threads, no save: the same. */
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, NULL, 0, &st, NULL), DLX_OK);
	assert_same_counts(&st, &whole, "uninterrupted, 2 threads", 0);
	free(ls.first);
	free(last);
	dlx_problem_free(p);
}
END_TEST

/* A threaded search's checkpoint of queens(8), stopped by a node limit with jobs under way. */
static void *split_checkpoint(dlx_problem *p, size_t *len)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.poll_interval = 3;
	sp.node_limit = 900;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split_resume(p, &sp, 2, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	void *ck;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, len), DLX_OK);
	return ck;
}

static void assert_split_refused(dlx_problem *p, const void *ck, size_t len, unsigned threads)
{
	dlx_stats st;
	dlx_error_info err;
	int rc = dlx_search_split_resume(p, NULL, threads, ck, len, &st, &err);
	ck_assert_msg(rc == DLX_ERR_SYNTAX, "%s accepted", len ? "bytes" : "nothing");
	ck_assert_int_eq(st.stop, DLX_STOP_ERROR);
	ck_assert(err.message[0] != '\0');
	assert_sane(p);
}

/*
 * One-thread and part checkpoints are not a threaded search's, nor the
 * other way round; every flipped byte and every truncation is refused,
 * and so are other problems.
 */
START_TEST(split_checkpoints_refused)
{
	dlx_problem *p = queens(8);
	size_t len, one_len;
	unsigned char *ck = split_checkpoint(p, &len);
	void *one = queens_checkpoint(p, 5, &one_len);
	bool split = true;
	ck_assert_int_eq(dlx_checkpoint_split(one, one_len, &split, NULL), DLX_OK);
	ck_assert(!split);
	assert_split_refused(p, one, one_len, 2);
	dlx_stats st;
	dlx_error_info err;
	ck_assert_int_eq(dlx_search_resume(p, NULL, ck, len, &st, &err), DLX_ERR_SYNTAX);
	ck_assert(strstr(err.message, "threads") != NULL);
	dlx_part half = { 1, 2 };
	ck_assert_int_eq(dlx_search_parts_resume(p, NULL, &half, 1, ck, len, &st, &err), DLX_ERR_SYNTAX);
	ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, 2, &half, 1, ck, len, &st, &err), DLX_ERR_SYNTAX);
	for (size_t k = 0; k < len; k++) {
		for (unsigned bit = 0; bit < 8; bit += 3) {
			ck[k] ^= (unsigned char)(1u << bit);
			assert_split_refused(p, ck, len, 1 + k % 3);
			ck[k] ^= (unsigned char)(1u << bit);
		}
	}
	for (size_t n = 0; n < len; n++)
		assert_split_refused(p, ck, n, 2);
	dlx_problem *other = queens(7);
	assert_split_refused(other, ck, len, 2);
	dlx_problem_free(other);
	/* Untouched, it still resumes to the whole count. */
	dlx_stats whole;
	ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, ck, len, &st, NULL), DLX_OK);
	assert_same_counts(&st, &whole, "queens", 8);
	free(ck);
	free(one);
	dlx_problem_free(p);
}
END_TEST

/*
 * A random problem with bounds (Algorithm M): random_problem()'s options
 * and colors and order, without forced options or propagation, and some
 * primary items with bounds lo:hi, 0 <= lo <= hi <= 3, one at least not 1:1.
 */
static dlx_problem *random_bounded_problem(void)
{
	size_t np = 3 + rng() % 6, ns = rng() % 3, no = 6 + rng() % 30;
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	bool colored = rng() % 3 == 0;
	for (size_t k = 0; k < no; k++) {
		size_t items[16];
		uint32_t colors[16];
		size_t n = 0;
		for (size_t i = 0; i < np + ns; i++)
			if (rng() % 3 == 0) {
				colors[n] = i >= np && colored ? rng() % 3 : 0;
				items[n++] = i;
			}
		if (n == 0) {
			colors[n] = 0;
			items[n++] = rng() % np;
		}
		ck_assert_int_ge(dlx_add_option_colored(p, items, colors, n), 0);
	}
	size_t first = rng() % np;
	for (size_t i = 0; i < np; i++)
		if (i == first || rng() % 2) {
			uint32_t lo = rng() % 3, hi = lo + rng() % 2 + (lo == 0 || (i == first && lo == 1));
			ck_assert_int_eq(dlx_set_item_bounds(p, i, lo, hi), DLX_OK);
		}
	ck_assert(dlx_has_bounds(p));
	if (rng() % 2)
		ck_assert_int_eq(dlx_shuffle_options(p, rng()), DLX_OK);
	/* Algorithm M with its heap of urgent items, scans, or the heap after a few nodes: replayed alike. */
	dlx__set_tracking(p, (int)(rng() % 3));
	return p;
}

/* The same as interrupted_equals_uninterrupted, through Algorithm M: counts, order, counters. */
START_TEST(bounded_interrupted_equals_uninterrupted)
{
	unsigned resumes = 0, closed = 0;
	unsigned n = test_trials(400);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2654435761u + 99);
		dlx_problem *p = random_bounded_problem();
		struct trace whole_trace = { 0, 0 };
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.on_solution = trace_solution;
		sp.solution_ctx = &whole_trace;
		dlx_stats whole;
		ck_assert_int_eq(dlx_search(p, &sp, &whole), DLX_OK);
		ck_assert_int_eq(whole.stop, DLX_STOP_COMPLETE);

		resumes += resume_to_end(p, &whole, &whole_trace, trial, &closed);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(resumes, n * 2);
	/* Paths through closed items, where the format differs from Algorithm X's. */
	ck_assert_uint_gt(closed, n / 4);
}
END_TEST

/*
 * A bounded problem's checkpoint: forged paths (another item, another
 * option, no option) are refused or are a path of the search; another
 * problem's bounds, or none, are another fingerprint.
 */
START_TEST(bounded_checkpoints_refused)
{
	unsigned refused = 0;
	for (unsigned trial = 0; trial < test_trials_min(60, 8); trial++) {
		rng_seed(trial * 40503u + 5);
		dlx_problem *p = random_bounded_problem();
		dlx_stats whole;
		ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
		if (whole.nodes < 20) {
			dlx_problem_free(p);
			continue;
		}
		struct stopper s = { 1 + (unsigned)(rng() % 5) };
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.on_poll = stop_at;
		sp.poll_ctx = &s;
		sp.poll_interval = 1 + (uint32_t)(whole.nodes / 8);
		dlx_stats st;
		ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, &st, NULL), DLX_OK);
		ck_assert_int_eq(st.stop, DLX_STOP_POLL);
		size_t len;
		void *ck;
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
		size_t depth = (len - 88) / 8;
		unsigned char *bad = malloc(len);
		ck_assert_ptr_nonnull(bad);
		for (size_t l = 0; l < depth; l++)
			for (unsigned v = 0; v < 12; v++) {
				memcpy(bad, ck, len);
				size_t at = 80 + 8 * l + (v % 3 ? 4 : 0);
				uint32_t val = v % 3 == 2 ? 0xffffffffu : v / 3 + (v % 3 ? 0 : 1);
				for (int k = 0; k < 4; k++)
					bad[at + k] = (unsigned char)(val >> (8 * k));
				if (memcmp(bad, ck, len) == 0)
					continue;
				reseal(bad, len);
				int rc = dlx_search_resume(p, NULL, bad, len, &st, NULL);
				/* Another branch of the same node is a path of the search too: it resumes from there. */
				if (rc == DLX_OK)
					continue;
				ck_assert_int_eq(rc, DLX_ERR_SYNTAX);
				assert_sane(p);
				refused++;
			}
		free(bad);
		/* The same options with other bounds, or none: another search. */
		dlx_problem *q = dlx_problem_new(dlx_primary_count(p), dlx_secondary_count(p));
		ck_assert_ptr_nonnull(q);
		for (size_t o = 0; o < dlx_option_count(p); o++) {
			size_t items[16];
			uint32_t colors[16];
			size_t m = dlx_option_size(p, o);
			for (size_t k = 0; k < m; k++)
				items[k] = dlx_option_item(p, o, k), colors[k] = dlx_option_color(p, o, k);
			ck_assert_int_ge(dlx_add_option_colored(q, items, colors, m), 0);
		}
		assert_refused(q, ck, len);
		ck_assert_int_eq(dlx_set_item_bounds(q, 0, 0, 5), DLX_OK);
		assert_refused(q, ck, len);
		dlx_problem_free(q);
		/* The true one still resumes to the whole count. */
		ck_assert_int_eq(dlx_search_resume(p, NULL, ck, len, &st, NULL), DLX_OK);
		assert_same_stats(&st, &whole);
		free(ck);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(refused, 10);
}
END_TEST

/*
 * A search in one thread counts its nodes for node_limit at each poll, so
 * it stops within a poll interval of the limit, fresh or resumed: a job's
 * subtrees a little smaller than the interval once polled only between
 * them, up to twice the interval apart (q16 in two threads, resumed:
 * 10,917 nodes over for 8,192).  Stopped and resumed to limits a little
 * further each time, in queens and in a problem with bounds.
 */
START_TEST(split_stops_within_a_poll_of_node_limit)
{
	for (unsigned bounded = 0; bounded < 2; bounded++) {
		rng_seed(7919u + bounded);
		dlx_problem *p = bounded ? NULL : queens(10);
		while (!p) {
			p = random_bounded_problem();
			dlx_stats whole;
			ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
			if (whole.nodes < 20000) {
				dlx_problem_free(p);
				p = NULL;
			}
		}
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		void *ck = NULL;
		size_t len = 0;
		/* Past the walk that cuts the tree into jobs, which is not stopped: it stops after it. */
		uint64_t limit = 2000, stops = 0;
		dlx_stats st;
		do {
			sp.poll_interval = 8 + (uint32_t)(rng() % 200);
			limit += 1 + rng() % 500;
			sp.node_limit = limit;
			ck_assert_int_eq(dlx_search_split_resume(p, &sp, 1, ck, len, &st, NULL), DLX_OK);
			free(ck);
			ck = NULL;
			if (st.stop == DLX_STOP_COMPLETE)
				break;
			ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
			/*
			 * A stop at a node just entered leaves it out: the resume enters it
			 * again.  Algorithm M's leaves the nodes its walk above the cut met
			 * out too (the resume walks them again), so it may stop below.
			 */
			if (!bounded)
				ck_assert_uint_ge(st.nodes + 1, limit);
			ck_assert_msg(st.nodes < limit + sp.poll_interval, "stop %" PRIu64 ": %" PRIu64
				      " nodes for a limit of %" PRIu64 ", polls every %" PRIu32, stops, st.nodes, limit,
				      sp.poll_interval);
			ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
			limit = st.nodes;
			stops++;
		} while (stops < 400);
		ck_assert_uint_gt(stops, 20);
		free(ck);
		dlx_problem_free(p);
	}
}
END_TEST

/* A bounded part (Algorithm M's cut) stopped and resumed: dlx_search_parts()'s figures, solutions in order. */
START_TEST(bounded_part_interrupted_equals_uninterrupted)
{
	unsigned resumes = 0, nonempty = 0;
	unsigned n = test_trials(300);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2246822519u + 77);
		dlx_problem *p = random_bounded_problem();
		dlx_part path[2];
		size_t depth = random_part(path);
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		struct trace whole_trace = { 0, 0 };
		sp.on_solution = trace_solution;
		sp.solution_ctx = &whole_trace;
		dlx_stats whole;
		ck_assert_int_eq(dlx_search_parts(p, &sp, 1, path, depth, &whole), DLX_OK);
		ck_assert_int_eq(whole.stop, DLX_STOP_COMPLETE);
		nonempty += whole.nodes > 0;

		struct trace t = { 0, 0 };
		dlx_stats st;
		resumes += resume_part(p, path, depth, whole.nodes, &t, &st);
		ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
		assert_same_stats(&st, &whole);
		ck_assert_uint_eq(t.n, whole_trace.n);
		ck_assert_uint_eq(t.hash, whole_trace.hash);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(resumes, n);
	ck_assert_uint_gt(nonempty, n / 2);
}
END_TEST

/*
 * The solutions reported, as a bag (threads report them in no fixed
 * order): each solution's hash, in the order they came.  dlx_search_*()
 * call on_solution one call at a time, so no lock is needed here.
 */
struct bag {
	uint64_t *h;
	size_t n, cap;
};

static int bag_solution(void *ctx, const size_t *options, size_t n)
{
	struct bag *b = ctx;
	uint64_t h = 0xcbf29ce484222325u;
	/* The options of a solution come in the order of its levels; sorted, a solution is one set. */
	size_t sorted[64];
	ck_assert_uint_le(n, 64);
	memcpy(sorted, options, n * sizeof *options);
	for (size_t k = 1; k < n; k++)
		for (size_t j = k; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			size_t x = sorted[j];
			sorted[j] = sorted[j - 1];
			sorted[j - 1] = x;
		}
	for (size_t k = 0; k < n; k++)
		h = (h ^ sorted[k]) * 0x100000001b3u;
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->h = realloc(b->h, b->cap * sizeof *b->h);
		ck_assert_ptr_nonnull(b->h);
	}
	b->h[b->n++] = h;
	return 0;
}

/* The checkpoint's number: the solutions reported when the state is read (dlx --all's output length). */
static int bag_length(void *ctx, uint64_t *user)
{
	*user = ((const struct bag *)ctx)->n;
	return DLX_OK;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The same solutions, each as often. */
static void assert_same_bag(struct bag *a, struct bag *b, const char *what, unsigned trial)
{
	ck_assert_msg(a->n == b->n, "%s %u: %zu solutions reported, %zu expected", what, trial, a->n, b->n);
	if (a->n) {
		qsort(a->h, a->n, sizeof *a->h, cmp_u64);
		qsort(b->h, b->n, sizeof *b->h, cmp_u64);
		ck_assert_msg(memcmp(a->h, b->h, a->n * sizeof *a->h) == 0, "%s %u: other solutions", what, trial);
	}
}



/* What resume_in_threads() met: checkpoints by their flags (byte 12), and how they were resumed. */
struct threads_tally {
	unsigned resumes;       /* stops saved and resumed */
	unsigned flags[16];     /* checkpoints saved, by flags */
	unsigned from_one;      /* a one-thread checkpoint (flags 1, 4) resumed in threads */
	unsigned to_one;        /* a checkpoint of threads resumed in one */
	unsigned with_leaves;   /* Algorithm M's claims with leaves saved (flags 8, 9: the u32 at byte 100) */
};

/*
 * p's whole tree (depth 0) or part, its solutions listed, stopped by node
 * limits that the workers see at their polls (every 1 to 7 nodes) and
 * resumed until it completes, in 1 to 4 threads at random; a part first in
 * one thread, then in threads, then in one again, so that each kind of
 * checkpoint is resumed in the other.  Each save's number is the solutions
 * reported when the state was read (bag_length()), and it must be the
 * listing's length.  The end: the figures of one uninterrupted one-thread
 * search (dlx_search(), dlx_search_parts()), each solution listed once.
 */
static void resume_in_threads(dlx_problem *p, const dlx_part *path, size_t depth, unsigned trial,
			      struct threads_tally *tally)
{
	struct bag whole_bag = { NULL, 0, 0 }, bag = { NULL, 0, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = bag_solution;
	sp.solution_ctx = &whole_bag;
	dlx_stats whole;
	if (depth)
		ck_assert_int_eq(dlx_search_parts(p, &sp, 1, path, depth, &whole), DLX_OK);
	else
		ck_assert_int_eq(dlx_search(p, &sp, &whole), DLX_OK);
	sp.solution_ctx = &bag;
	void *ck = NULL;
	size_t ck_len = 0;
	unsigned saved_flags = 0;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	for (unsigned round = 0;; round++) {
		ck_assert_uint_lt(round, 100000);
		unsigned threads = depth && (round == 0 || round == 2) ? 1 : depth && round == 1 ? 2 + rng() % 3
												: 1 + rng() % 4;
		bool one = saved_flags == 1 || saved_flags == 4;
		tally->from_one += ck && one && threads > 1;
		tally->to_one += ck && !one && threads == 1;
		sp.poll_interval = 1 + rng() % 7;
		sp.node_limit = rng() % 5 ? st.nodes + 1 + rng() % (whole.nodes / 4 + 1) : 0;
		dlx_error_info err;
		int rc = depth ? dlx_search_parts_split_resume(p, &sp, threads, path, depth, ck, ck_len, &st, &err)
			       : dlx_search_split_resume(p, &sp, threads, ck, ck_len, &st, &err);
		ck_assert_msg(rc == DLX_OK, "trial %u round %u: %s (%s)", trial, round, dlx_strerror(rc), err.message);
		assert_sane(p);
		free(ck);
		ck = NULL;
		if (st.stop == DLX_STOP_COMPLETE)
			break;
		ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
		ck_assert_int_eq(dlx_checkpoint_save_with(p, bag_length, &bag, &ck, &ck_len), DLX_OK);
		uint64_t user;
		ck_assert_int_eq(dlx_checkpoint_user(ck, ck_len, &user, NULL), DLX_OK);
		ck_assert_uint_eq(user, bag.n);
		const unsigned char *b = ck;
		saved_flags = b[12] & 15;
		tally->flags[saved_flags]++;
		tally->with_leaves += (saved_flags & 8) && b[100] > 0;
		tally->resumes++;
	}
	assert_same_counts(&st, &whole, "trial", trial);
	/* A part's jobs in threads are its jobs in one thread: the same deepest level too. */
	if (depth && !dlx_has_bounds(p))
		ck_assert_uint_eq(st.max_level, whole.max_level);
	assert_same_bag(&bag, &whole_bag, "trial", trial);
	free(bag.h);
	free(whole_bag.h);
}

/*
 * A part (and now and then a piece) in threads and in one thread in turns:
 * one-thread part checkpoints (flags 1) resume in threads, threaded ones
 * (flags 3) in one; max_level as one thread's too.
 */
START_TEST(part_in_threads_interrupted_equals_uninterrupted)
{
	struct threads_tally tally = { 0 };
	unsigned n = test_trials(200);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2654435761u + 3);
		bool colored;
		dlx_problem *p = trial % 5 == 4 ? queens(6 + trial % 3) : random_problem(&colored);
		dlx_part path[2];
		size_t depth = random_part(path);
		resume_in_threads(p, path, depth, trial, &tally);
		dlx_problem_free(p);
	}
	ck_assert_uint_eq(tally.resumes, tally.flags[1] + tally.flags[3]);
	ck_assert_uint_gt(tally.resumes, n);
	ck_assert_uint_gt(tally.from_one, n / 4);
	ck_assert_uint_gt(tally.to_one, n / 8);
}
END_TEST

/* The whole tree's listing in threads (flags 2), without propagation (whose cut would change the figures). */
START_TEST(split_listing_interrupted_equals_uninterrupted)
{
	struct threads_tally tally = { 0 };
	unsigned n = test_trials(200);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2246822519u + 29);
		bool colored;
		dlx_problem *p = trial % 4 == 3 ? queens(6 + trial % 4) : random_problem(&colored);
		dlx_set_propagation(p, DLX_PROPAGATE_NONE);
		resume_in_threads(p, NULL, 0, trial, &tally);
		dlx_problem_free(p);
	}
	ck_assert_uint_eq(tally.resumes, tally.flags[2]);
	ck_assert_uint_gt(tally.resumes, n);
}
END_TEST

/*
 * Items with bounds in threads (Algorithm M, whose workers claim the leaves
 * of a cut, flags 8; a part's 9): saves come at the workers' polls, inside
 * a leaf or on the walk above the cut; a part's one-thread checkpoint
 * (flags 4) goes on in threads.
 */
START_TEST(bounded_in_threads_interrupted_equals_uninterrupted)
{
	struct threads_tally tally = { 0 };
	unsigned n = test_trials_min(200, 30);
	for (unsigned trial = 0; trial < n; trial++) {
		rng_seed(trial * 2654435761u + 101);
		dlx_problem *p = random_bounded_problem();
		dlx_part path[2];
		size_t depth = trial % 3 == 2 ? random_part(path) : 0;
		resume_in_threads(p, path, depth, trial, &tally);
		dlx_problem_free(p);
	}
	ck_assert_uint_eq(tally.resumes, tally.flags[8] + tally.flags[9] + tally.flags[4]);
	ck_assert_uint_gt(tally.resumes, n);
	ck_assert_uint_gt(tally.with_leaves, n / 4);
	ck_assert_uint_gt(tally.from_one, 0);
}
END_TEST

/* Saves at the caller's polls while the workers list solutions; the number each save gives is kept. */
struct listing_saver {
	dlx_problem *p;
	struct bag *bag;
	void *first;
	size_t first_len;
	uint64_t first_user;
	unsigned polls;
};

static int listing_save_poll(void *ctx, const dlx_stats *so_far)
{
	struct listing_saver *ls = ctx;
	(void)so_far;
	void *ck;
	size_t len;
	ck_assert_int_eq(dlx_checkpoint_save_with(ls->p, bag_length, ls->bag, &ck, &len), DLX_OK);
	if (!ls->first) {
		ls->first = ck;
		ls->first_len = len;
		ck_assert_int_eq(dlx_checkpoint_user(ck, len, &ls->first_user, NULL), DLX_OK);
	} else {
		free(ck);
	}
	return ++ls->polls == 3;
}

/*
 * A listing in threads saved while the workers run, then stopped later: the
 * listing cut back to the first save's number and resumed from that save
 * (as after a kill) lists every solution once.  Queens 12 in two threads
 * takes some 30 ms, queens 13 some 150: the first that gets a save in.
 */
START_TEST(split_listing_saved_while_running)
{
	for (unsigned size = 12; size <= 14; size++) {
		dlx_problem *p = queens(size);
		struct bag whole_bag = { NULL, 0, 0 }, bag = { NULL, 0, 0 };
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.on_solution = bag_solution;
		sp.solution_ctx = &whole_bag;
		dlx_stats whole, st;
		ck_assert_int_eq(dlx_search(p, &sp, &whole), DLX_OK);
		struct listing_saver ls = { p, &bag, NULL, 0, 0, 0 };
		sp.solution_ctx = &bag;
		sp.on_poll = listing_save_poll;
		sp.poll_ctx = &ls;
		ck_assert_int_eq(dlx_search_split_resume(p, &sp, 2, NULL, 0, &st, NULL), DLX_OK);
		bool saved = ls.first != NULL && st.stop == DLX_STOP_POLL;
		if (saved) {
			ck_assert_uint_le(ls.first_user, bag.n);
			bag.n = ls.first_user;
			sp.on_poll = NULL;
			ck_assert_int_eq(dlx_search_split_resume(p, &sp, 3, ls.first, ls.first_len, &st, NULL), DLX_OK);
			assert_same_counts(&st, &whole, "queens", size);
			assert_same_bag(&bag, &whole_bag, "queens", size);
		}
		free(ls.first);
		free(bag.h);
		free(whole_bag.h);
		dlx_problem_free(p);
		if (saved)
			return;
	}
	ck_abort_msg("no save came while the workers ran");
}
END_TEST

/* A solution limit in threads: exactly that many reported; not saved; a saved count at it stops at once. */
START_TEST(split_solution_limit)
{
	dlx_problem *p = queens(9);
	struct bag bag = { NULL, 0, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = bag_solution;
	sp.solution_ctx = &bag;
	sp.solution_limit = 50;
	dlx_stats st;
	void *ck;
	size_t len;
	for (unsigned threads = 1; threads <= 4; threads++) {
		bag.n = 0;
		ck_assert_int_eq(dlx_search_split_resume(p, &sp, threads, NULL, 0, &st, NULL), DLX_OK);
		ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
		ck_assert_uint_eq(st.solutions, 50);
		ck_assert_uint_eq(bag.n, 50);
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_ERR_STATE);
	}
	/* Stopped with some solutions saved, then limits below and above them (the cut's walk counts first). */
	dlx_stats whole;
	ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
	dlx_search_params part = DLX_SEARCH_PARAMS_INIT;
	part.poll_interval = 3;
	for (part.node_limit = whole.nodes / 2;; part.node_limit += whole.nodes / 16) {
		ck_assert_int_eq(dlx_search_split_resume(p, &part, 2, NULL, 0, &st, NULL), DLX_OK);
		ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
		if (st.solutions > 2)
			break;
	}
	uint64_t had = st.solutions;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
	sp.solution_limit = had;
	bag.n = 0;
	ck_assert_int_eq(dlx_search_split_resume(p, &sp, 2, ck, len, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
	ck_assert_uint_eq(bag.n, 0);
	ck_assert_uint_eq(st.solutions, had);
	sp.solution_limit = had + 7;
	ck_assert_int_eq(dlx_search_split_resume(p, &sp, 3, ck, len, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
	ck_assert_uint_eq(bag.n, 7);
	ck_assert_uint_eq(st.solutions, had + 7);
	free(ck);
	free(bag.h);
	dlx_problem_free(p);
}
END_TEST

/* A part's checkpoint in threads: refused for another part, the whole search, a one-thread search. */
START_TEST(part_in_threads_refused)
{
	dlx_problem *p = queens(8);
	dlx_part path[1] = { { 2, 3 } };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.poll_interval = 3;
	sp.node_limit = 200;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_parts_split_resume(p, &sp, 2, path, 1, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	void *ck;
	size_t len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
	bool split = true;
	ck_assert_int_eq(dlx_checkpoint_split(ck, len, &split, NULL), DLX_OK);
	ck_assert(!split);
	dlx_part other[2] = { { 1, 3 }, { 1, 2 } };
	for (unsigned threads = 1; threads <= 2; threads++) {
		dlx_error_info err;
		ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, threads, other, 1, ck, len, &st, &err),
				 DLX_ERR_SYNTAX);
		ck_assert(strstr(err.message, "part 2/3") != NULL);
		ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, threads, path, 1, ck, len, &st, NULL) == DLX_OK, 1);
		ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, threads, other, 2, ck, len, &st, NULL),
				 DLX_ERR_SYNTAX);
	}
	dlx_error_info err;
	ck_assert_int_eq(dlx_search_resume(p, NULL, ck, len, &st, &err), DLX_ERR_SYNTAX);
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, ck, len, &st, &err), DLX_ERR_SYNTAX);
	/* Every flipped byte and every truncation refused. */
	unsigned char *bad = malloc(len);
	for (size_t k = 0; k < len; k++) {
		memcpy(bad, ck, len);
		bad[k] ^= 0x10;
		ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, 2, path, 1, bad, len, &st, NULL), DLX_ERR_SYNTAX);
		ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, 2, path, 1, ck, k, &st, NULL), DLX_ERR_SYNTAX);
	}
	/* Forged and resealed: a part path of depth 9, a job rank past the part's. */
	memcpy(bad, ck, len);
	bad[112] = 9;
	reseal(bad, len);
	ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, 2, path, 1, bad, len, &st, NULL), DLX_ERR_SYNTAX);
	memcpy(bad, ck, len);
	bad[96 + 6] = 0x7f;
	reseal(bad, len);
	ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, 2, path, 1, bad, len, &st, NULL), DLX_ERR_SYNTAX);
	free(bad);
	free(ck);
	/* Bounds save in one thread. */
	dlx_problem_free(p);
}
END_TEST


/*
 * Items a1..a8 each covered once or twice, by pairs and by the triples
 * whose numbers add up to a multiple of 3, which also color s (as
 * tests/test-checkpoint.sh builds it): 310,611 solutions, 717,139 nodes.
 */
static dlx_problem *bounded_pairs(void)
{
	dlx_problem *p = dlx_problem_new(8, 1);
	ck_assert_ptr_nonnull(p);
	for (size_t i = 0; i < 8; i++)
		ck_assert_int_eq(dlx_set_item_bounds(p, i, 1, 2), DLX_OK);
	for (size_t i = 1; i <= 8; i++)
		for (size_t j = i + 1; j <= 8; j++) {
			size_t pair[2] = { i - 1, j - 1 };
			ck_assert_int_ge(dlx_add_option(p, pair, 2), 0);
			for (size_t k = j + 1; k <= 8; k++)
				if ((i + j + k) % 3 == 0) {
					size_t t[4] = { i - 1, j - 1, k - 1, 8 };
					uint32_t c[4] = { 0, 0, 0, (uint32_t)(i % 2) + 1 };
					ck_assert_int_ge(dlx_add_option_colored(p, t, c, 4), 0);
				}
		}
	return p;
}

/* The caller's polls of a bounded search in threads: the last figures seen. */
static int keep_poll(void *ctx, const dlx_stats *so_far)
{
	*(dlx_stats *)ctx = *so_far;
	return 0;
}

/*
 * Algorithm M's claims in threads: the caller's polls see the solutions
 * and progress so far; refused, every flipped byte and truncation, a
 * forged count of leaves larger than the file holds (before anything is
 * allocated for them), a leaf saved twice, a one-thread search's
 * checkpoint, and checkpoints of a problem without bounds, each with its
 * reason.
 */
START_TEST(bounded_in_threads_refused)
{
	dlx_problem *p = bounded_pairs();
	dlx_stats whole, st, seen = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
	ck_assert_uint_eq(whole.solutions, 310611);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = keep_poll;
	sp.poll_ctx = &seen;
	sp.poll_interval = 64;
	sp.node_limit = whole.nodes / 2;
	ck_assert_int_eq(dlx_search_split_resume(p, &sp, 2, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	void *ck;
	size_t len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
	const unsigned char *b = ck;
	ck_assert_uint_eq(b[12], 8);
	ck_assert_uint_gt(st.solutions, 0);
	/* Under valgrind a poll may not come before the limit; when one does, it says how far the search is. */
	if (seen.nodes) {
		ck_assert_uint_gt(seen.solutions, 0);
		ck_assert(seen.progress > 0 && seen.progress <= 1);
	}
	unsigned char *bad = malloc(len + 16);
	ck_assert_ptr_nonnull(bad);
	for (size_t k = 0; k < len; k++) {
		memcpy(bad, ck, len);
		bad[k] ^= 0x04;
		ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, bad, len, &st, NULL), DLX_ERR_SYNTAX);
		ck_assert_int_eq(dlx_search_split_resume(p, NULL, 1, ck, k, &st, NULL), DLX_ERR_SYNTAX);
	}
	/* Forged and resealed: a million leaves claimed and saved, in a file of a few hundred bytes. */
	dlx_error_info err;
	memcpy(bad, ck, len);
	for (int k = 0; k < 8; k++)
		bad[88 + k] = (unsigned char)(UINT64_C(1000000) >> (8 * k));
	for (int k = 0; k < 4; k++)
		bad[100 + k] = (unsigned char)(1000000u >> (8 * k));
	reseal(bad, len);
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, bad, len, &st, &err), DLX_ERR_SYNTAX);
	ck_assert_msg(strstr(err.message, "size") != NULL, "%s", err.message);
	/* A leaf saved twice: the first entry's number written over the second's. */
	if (b[100] >= 2) {
		size_t second = 104 + 56 + 8 + 8 * (size_t)(b[104 + 12] | b[104 + 13] << 8);
		memcpy(bad, ck, len);
		memcpy(bad + second, bad + 104, 8);
		reseal(bad, len);
		ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, bad, len, &st, &err), DLX_ERR_SYNTAX);
		ck_assert(strstr(err.message, "twice") != NULL);
	}
	/* A one-thread search's checkpoint (one path, no cut). */
	void *one;
	size_t one_len;
	dlx_search_params lim = DLX_SEARCH_PARAMS_INIT;
	lim.node_limit = 1000;
	ck_assert_int_eq(dlx_search_resume(p, &lim, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &one, &one_len), DLX_OK);
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, one, one_len, &st, &err), DLX_ERR_SYNTAX);
	ck_assert(strstr(err.message, "one thread") != NULL);
	/* A plain problem's checkpoints in threads, whole and of a part, and this one given to the plain problem. */
	dlx_problem *q = queens(8);
	void *plain;
	size_t plain_len;
	dlx_part half = { 1, 2 };
	lim.node_limit = 100;
	ck_assert_int_eq(dlx_search_parts_split_resume(q, &lim, 2, &half, 1, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(dlx_checkpoint_save(q, 0, &plain, &plain_len), DLX_OK);
	for (unsigned threads = 1; threads <= 2; threads++) {
		ck_assert_int_eq(dlx_search_parts_split_resume(p, NULL, threads, &half, 1, plain, plain_len, &st, &err),
				 DLX_ERR_SYNTAX);
		ck_assert(strstr(err.message, "without bounds") != NULL);
	}
	ck_assert_int_eq(dlx_search_split_resume(q, NULL, 2, ck, len, &st, &err), DLX_ERR_SYNTAX);
	ck_assert(strstr(err.message, "with bounds") != NULL);
	/* The genuine one still goes on, to one search's figures. */
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 3, ck, len, &st, NULL), DLX_OK);
	assert_same_counts(&st, &whole, "bounded", 0);
	free(plain);
	free(one);
	free(bad);
	free(ck);
	dlx_problem_free(q);
	dlx_problem_free(p);
}
END_TEST

static Suite *checkpoint_suite(void)
{
	Suite *s = suite_create("checkpoint");
	TCase *tc = tcase_create("checkpoint");
	tcase_add_test(tc, interrupted_equals_uninterrupted);
	tcase_add_test(tc, corrupted_checkpoints_refused);
	tcase_add_test(tc, forged_paths_refused);
	tcase_add_test(tc, other_problems_refused);
	tcase_add_test(tc, user_number_kept);
	tcase_add_test(tc, save_only_where_a_search_stands);
	tcase_add_test(tc, node_limit_resumed_stops_again);
	tcase_add_test(tc, split_stops_within_a_poll_of_node_limit);
	tcase_add_test(tc, part_interrupted_equals_uninterrupted);
	tcase_add_test(tc, parts_resumed_add_up);
	tcase_add_test(tc, other_parts_refused);
	tcase_add_test(tc, split_interrupted_equals_uninterrupted);
	tcase_add_test(tc, split_jobs_saved_again_untouched);
	tcase_add_test(tc, split_saved_while_running);
	tcase_add_test(tc, split_checkpoints_refused);
	tcase_add_test(tc, bounded_interrupted_equals_uninterrupted);
	tcase_add_test(tc, bounded_checkpoints_refused);
	tcase_add_test(tc, bounded_part_interrupted_equals_uninterrupted);
	tcase_add_test(tc, part_in_threads_interrupted_equals_uninterrupted);
	tcase_add_test(tc, split_listing_interrupted_equals_uninterrupted);
	tcase_add_test(tc, split_listing_saved_while_running);
	tcase_add_test(tc, split_solution_limit);
	tcase_add_test(tc, part_in_threads_refused);
	tcase_add_test(tc, bounded_in_threads_interrupted_equals_uninterrupted);
	tcase_add_test(tc, bounded_in_threads_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(checkpoint_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
