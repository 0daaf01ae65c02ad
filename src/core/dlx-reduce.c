/*
 * The options that can be part of no solution, found before a search (the
 * first rule of Knuth's DLX-PRE): an option whose choice leaves some
 * primary item with no option left is in no solution, and neither is an
 * option without a primary item, which the search never chooses.  Leaving
 * such options out changes no solution; the search then no longer tries
 * them, nor hides them from the lists of the items they share, which on
 * tilings (a piece that walls off a corner) saves a tenth of the updates.
 *
 * Each test is the search's own move, made outside a search: the option is
 * forced (dlx-force.c), which commits its items and says whether a primary
 * item was emptied, then released.  An option found blocked leaves its
 * items' lists at once, so that the tests after it see the smaller
 * problem; a test made before a removal may have passed only because the
 * removed option was still there, so the options are tested in turn,
 * cyclically, until every option left has passed a test made after the
 * last removal; options with the same items and colors are tested once
 * for their group (find_twins()).  Stopping earlier (a poll, a limit) is
 * safe: every option found blocked by then is in no solution; only some
 * that the rule would still find are left in.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-links.h"

/*
 * Options with the same items and colors (in any order) pass or fail every
 * test together: choosing either hides the other and leaves every other
 * list as the other would.  Testing each made n copies of one option cost
 * n tests of n hidden nodes each; the groups found here let one test speak
 * for its group.  first[o] is the lowest-numbered option identical to o,
 * next[o] the next one after o (n: none).  O(nodes log nodes) time; 32
 * bytes an option and two options' nodes of memory.
 */
struct twins {
	size_t *first, *next;
};

struct keyed {
	uint64_t hash;
	size_t opt;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return x->opt < y->opt ? -1 : x->opt > y->opt;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Option o's (item, color) pairs, sorted, into v; returns how many. */
static size_t sorted_pairs(const dlx_problem *p, size_t o, uint64_t *v)
{
	const struct dlx_nodes nd = p->node;
	size_t m = 0;
	for (int32_t q = p->opt_start[o]; nd.top[q] > 0; q++)
		v[m++] = (uint64_t)(uint32_t)nd.top[q] << 32 | (p->color ? (uint32_t)p->color[q] : 0);
	qsort(v, m, sizeof *v, cmp_u64);
	return m;
}

static int find_twins(const dlx_problem *p, struct twins *tw)
{
	size_t n = p->n_options, longest = 1;
	for (size_t o = 0; o < n; o++) {
		size_t end = o + 1 < n ? (size_t)p->opt_start[o + 1] - 1 : (size_t)p->last_spacer;
		size_t m = end - (size_t)p->opt_start[o];
		longest = m > longest ? m : longest;
	}
	uint64_t *a = malloc(longest * sizeof *a), *b = malloc(longest * sizeof *b);
	struct keyed *key = malloc(n * sizeof *key);
	tw->first = malloc(n * sizeof *tw->first);
	tw->next = malloc(n * sizeof *tw->next);
	int rc = DLX_ERR_NOMEM;
	if (!a || !b || !key || !tw->first || !tw->next)
		goto out;
	for (size_t o = 0; o < n; o++) {
		size_t m = sorted_pairs(p, o, a);
		uint64_t h = 0x9e3779b97f4a7c15ULL ^ m;
		for (size_t t = 0; t < m; t++) {
			h ^= a[t];
			h *= 0xff51afd7ed558ccdULL;
			h ^= h >> 32;
		}
		key[o] = (struct keyed){ h, o };
		tw->first[o] = o;
		tw->next[o] = n;
	}
	qsort(key, n, sizeof *key, cmp_keyed);
	for (size_t lo = 0; lo < n;) {
		size_t hi = lo + 1;
		while (hi < n && key[hi].hash == key[lo].hash)
			hi++;
		/* Within a run of one hash, in option order: each joins the first earlier group it equals. */
		for (size_t c = lo + 1; c < hi; c++) {
			size_t o = key[c].opt, mo = sorted_pairs(p, o, a);
			for (size_t d = lo; d < c; d++) {
				size_t r = key[d].opt;
				if (tw->first[r] != r)
					continue;
				if (sorted_pairs(p, r, b) == mo && !memcmp(a, b, mo * sizeof *a)) {
					tw->first[o] = r;
					break;
				}
			}
		}
		lo = hi;
	}
	/* Each group's list in increasing order, from its first option. */
	for (size_t o = n; o-- > 0;) {
		size_t r = tw->first[o];
		if (r != o) {
			tw->next[o] = tw->next[r];
			tw->next[r] = o;
		}
	}
	rc = DLX_OK;
out:
	free(a);
	free(b);
	free(key);
	if (rc) {
		free(tw->first);
		free(tw->next);
		tw->first = tw->next = NULL;
	}
	return rc;
}

static bool has_primary(const dlx_problem *p, size_t opt)
{
	const struct dlx_nodes nd = p->node;
	for (int32_t q = p->opt_start[opt]; nd.top[q] > 0; q++)
		if (nd.top[q] <= p->np)
			return true;
	return false;
}

int dlx_blocked_options(dlx_problem *p, const dlx_search_params *params, unsigned char *blocked, size_t *n_blocked,
			dlx_stats *stats)
{
	if (!p || (!blocked && p->n_options) || !n_blocked)
		return DLX_ERR_INVALID;
	dlx_stats so_far = { 0 };
	so_far.stop = DLX_STOP_COMPLETE;
	if (p->iterating || p->n_forced || dlx__bounded(p))
		return DLX_ERR_STATE;
	size_t n = p->n_options, *removed = n ? malloc(n * sizeof *removed) : NULL;
	if (n && !removed)
		return DLX_ERR_NOMEM;
	size_t n_removed = 0;
	struct twins tw = { NULL, NULL };
	/* passed_at[first option of a group]: 1 + the removals before its group's last passed test, 0: none yet. */
	size_t *passed_at = n ? calloc(n, sizeof *passed_at) : NULL;
	int rc = n && passed_at ? find_twins(p, &tw) : n ? DLX_ERR_NOMEM : DLX_OK;
	for (size_t o = 0; o < n; o++)
		blocked[o] = 0;
	/*
	 * A primary item without options makes every option blocked: the
	 * tests would not see it, since they look for items a choice empties.
	 * (Secondary items' lengths carry an offset and never reach 0.)
	 */
	bool none = false;
	for (int32_t i = 1; i <= p->np; i++)
		none |= p->len[i] == 0;
	/* Passed: the tests in a row since the last removal; all the options left have passed then. */
	for (size_t o = 0, passed = 0; n && !rc && !none && passed < n - n_removed; o = o + 1 < n ? o + 1 : 0) {
		if (blocked[o])
			continue;
		/* A twin of an option that passed since the last removal passes too, untested. */
		if (passed_at[tw.first[o]] == n_removed + 1) {
			passed++;
			continue;
		}
		if (params && params->node_limit && so_far.nodes == params->node_limit) {
			so_far.stop = DLX_STOP_NODE_LIMIT;
			break;
		}
		bool emptied = true;
		if (has_primary(p, o)) {
			rc = dlx__force_probe(p, o, &so_far.updates, &emptied);
			if (rc)
				break;
			dlx__release_to(p, 0);
		}
		so_far.nodes++;
		if (!emptied) {
			passed++;
			passed_at[tw.first[o]] = n_removed + 1;
		} else {
			/* Blocked, and so are its twins.  Their removals' updates are not the tests': not counted. */
			uint64_t ignored = 0;
			for (size_t t = tw.first[o]; t < n; t = tw.next[t]) {
				if (blocked[t])
					continue;
				blocked[t] = 1;
				none |= remove_option(p, p->opt_start[t], &ignored, false, p->color != NULL);
				removed[n_removed++] = t;
			}
			passed = 0;
		}
		if (params && params->on_poll) {
			so_far.progress = (double)passed / (double)(n - n_removed ? n - n_removed : 1);
			if (params->on_poll(params->poll_ctx, &so_far)) {
				so_far.stop = DLX_STOP_POLL;
				break;
			}
		}
	}
	/* A primary item without options: every option is blocked, whatever stopped the tests. */
	if (none && !rc) {
		for (size_t o = 0; o < n; o++)
			blocked[o] = 1;
		so_far.stop = DLX_STOP_COMPLETE;
	}
	while (n_removed)
		restore_option(p, p->opt_start[removed[--n_removed]], false, p->color != NULL);
	free(removed);
	free(passed_at);
	free(tw.first);
	free(tw.next);
	if (rc) {
		for (size_t o = 0; o < n; o++)
			blocked[o] = 0;
		return rc;
	}
	size_t count = 0;
	for (size_t o = 0; o < n; o++)
		count += blocked[o];
	*n_blocked = count;
	if (so_far.stop == DLX_STOP_COMPLETE)
		so_far.progress = 1;
	if (stats)
		*stats = so_far;
	return DLX_OK;
}
