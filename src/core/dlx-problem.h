/*
 * The layout of a dlx_problem, shared by the core's source files; not
 * installed.  The engine is Knuth's Algorithm X with dancing links, laid out
 * as in his DLX1 program:
 *   dlx-problem.c  building a problem, its accessors, cloning;
 *   dlx-links.h    the dancing-links primitives (cover, hide, purify...);
 *   dlx-force.c    forcing and releasing options outside a search;
 *   dlx-search.c   the search itself and the walk of its top levels;
 *   dlx-check.c    the sanity checker of the links;
 *   dlx-cut.c      cutting the top of the search tree into jobs;
 *   dlx-split.c    one search spread over threads or parts;
 *   dlx-parts.c    the jobs of nested parts (a part's pieces);
 *   dlx-propagate.c  the subsumption rule at branch nodes, and its trail;
 *   dlx-order.c    the order each item's options are tried in (seeds);
 *   dlx-estimate.c Knuth's estimate of the tree's size from random probes.
 *
 * Data structure and its invariants
 * ---------------------------------
 * Items are numbered 1..n internally (the public item k is internal k+1),
 * primary ones first.  len[i] is the number of nodes in item i's vertical
 * list.  The active (uncovered) items are kept as sparse sets: set[] holds
 * the primary items in set[0 .. n_primary) and the secondary ones after
 * them; in each region the active items come first (n_act_p and n_act_s of
 * them) and pos[i] is item i's index in set[].  Covering an item swaps it
 * to the end of its region's active prefix and shortens the prefix;
 * uncovering only lengthens the prefix again, because covers are undone in
 * reverse order, so the item is still right behind the prefix.  Knuth uses
 * a doubly linked list here; a dense array makes the heuristic's scan of
 * the active items a run of independent loads instead of a pointer chase.
 * A search that keeps the low bytes (see choose_item() in dlx-links.h)
 * never scans the sets, so it only counts its covers in n_act_p: it undoes
 * every cover before it returns, so the sets it did not update are still
 * right.  (On sudoku the swaps cost 2-5% of the time: BENCHMARKS.md.)
 *
 * The nodes are addressed by 32-bit indices into three flat arrays, top[],
 * up[] and down[] (one array per field rather than an array of structs: a
 * link is then stored at base + 4 * index, with no multiplication by the
 * size of a node, and on sudoku that saved 8% of the search's
 * instructions).  Node i (1 <= i <= n) is the head of item i's vertical
 * list.  After them come the options, each a run of consecutive nodes, with
 * one spacer node before the first option, between options and after the
 * last.  For an ordinary node x, top is its item (> 0) and up/down link
 * the vertical list of that item.  For a spacer, top = -(id of the option
 * before it) - 1 ... which is <= 0, up is the first node of the option
 * before it and down the last node of the option after it; that lets a row
 * be walked cyclically without per-row headers.
 *
 * How covering and uncovering keep these invariants, and the colors of
 * Knuth's Algorithm C, are described in dlx-links.h.
 */
#ifndef DLX_PROBLEM_H
#define DLX_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

/*
 * Indices are int32_t so a node is 12 bytes; the 9x9 sudoku matrix then
 * fits in L1 and L2.  An option takes a node and a spacer at least, so with fewer
 * than 2^30 nodes an item has fewer than 2^29 options, which leaves room in
 * len for the two offsets below.
 */
#define DLX_MAX_NODES (((size_t)1 << 30) - 1)
/*
 * Added to a covered item's len: a covered item's len stays above every
 * active one's, so a scan of len[] in item order needs no other test.
 */
#define DLX_COVERED ((int32_t)1 << 30)
/*
 * The open items a scan may move scan_from past (see skip_open() in
 * dlx-links.h): DLX_SKIPPED, and one more for each DLX_SKIP_SPAN items the
 * move passes, so that reading them at every node costs at most a quarter
 * of the words the scan read there (eight low bytes a word).
 */
#define DLX_SKIPPED 16
#define DLX_SKIP_SPAN 32
#define DLX_SKIP_BACKOFF 6
/*
 * Added to a secondary item's len from the start: it never reaches 0 or 1,
 * so the covers' test for an emptied item and the low[] bytes see primary
 * items only, without a test of their own.
 */
#define DLX_SECONDARY ((int32_t)1 << 29)

/* Where a node's scans started: scan_from, and skip_calls then (scan_mark() in dlx-links.h). */
struct dlx__scan_mark {
	int32_t from;
	uint32_t skips;
};

/* The nodes, as three arrays indexed alike (see the layout above). */
struct dlx_nodes {
	int32_t *top;
	int32_t *up, *down;
};

/* A copy of the links with nothing forced: defined and kept by dlx-force.c. */
struct snapshot;

struct dlx_problem {
	size_t n_primary, n_secondary;
	size_t n_items;              /* n_primary + n_secondary */
	int32_t np;                  /* n_primary, as the type items are compared with */
	int32_t *len;                /* n_items + 1 entries, indexed by internal item */
	int32_t *set;                /* n_items entries: the sparse sets of items */
	int32_t *pos;                /* n_items + 1 entries: item -> index in set */
	int32_t n_act_p, n_act_s;    /* active primary and secondary items */
	/*
	 * low[i]: 1 if item i is active and len[i] <= 1, else 0.  Kept only during a
	 * search, and then only when `track` says it is worth it: when a scan
	 * of the items costs more than the bookkeeping on every link update
	 * (see want_tracking() in dlx-problem.c).
	 */
	uint8_t *low;
	/* The first primary item not covered, when a search that keeps the low bytes starts. */
	int32_t low_from;
	/*
	 * Where choose_item() starts its scans: every primary item before
	 * scan_from is covered, but for the n_skipped items of skipped[] (at
	 * the end of the struct, in item order), open when it moved past them.
	 * A scan that passes a long run of zero bytes moves it past the covered
	 * items there and the open ones, when few (skip_open()), at scan_level; the move
	 * holds at that level and below, so going back above it returns to
	 * low_from (scan_reset()), or to where the level's node started its
	 * scans (scan_back()) when no skip_open() changed skipped[] since
	 * (skip_calls counts them).
	 */
	int32_t scan_from;
	int32_t n_skipped;
	size_t scan_level;
	uint32_t skip_calls;
#ifdef DLX_COUNT_SCANS
	/* Test builds only (tests/test-scans.c): the words and items choose_item() and progress_of() read. */
	uint64_t scans;
#endif
	bool track;
	int8_t track_mode;           /* dlx__set_tracking()'s: -1 by shape, else 0 or 1 */
	struct dlx_nodes node;
	size_t n_nodes, cap_nodes;
	int32_t *color;              /* NULL, or cap_nodes entries: see "Colors" in dlx-links.h */
	int32_t *opt_start;          /* first node of each option */
	size_t n_options, cap_options;
	/* top[] and opt_start[] are another problem's: see dlx__problem_borrow(). */
	bool borrowed;
	int32_t last_spacer;         /* the spacer after the last option */
	uint32_t *mark;              /* duplicate detection in dlx_add_option */
	uint32_t mark_stamp;
	int32_t *forced;             /* first node of each forced option, in the order forced */
	size_t n_forced, cap_forced;
	uint64_t forced_updates;     /* link updates made by the forced options */
	/*
	 * A copy of the links with nothing forced, taken after a release once
	 * releasing by uncovering proved dearer than copying: a front end that
	 * forces many givens per puzzle then releases them with a few memcpy.
	 * Invalid (NULL) once options are added.
	 */
	struct snapshot *snap;
	/* The search's stack, kept between searches so that solving many puzzles allocates nothing. */
	int32_t *choice;             /* n_primary + 1 entries: the option tried at each level */
	int32_t *lens;               /* n_primary + 1 entries: options of the item branched on at each level */
	/*
	 * n_primary + 1 entries: whether each level's node, its item covered,
	 * left every active primary item two or more options (see `calm` at
	 * choose_item() in dlx-links.h).
	 */
	uint8_t *calm;
	struct dlx__scan_mark *scan_at; /* n_primary + 1 entries: where each level's node started its scans */
	size_t *sol;                 /* cap_sol entries: forced options, then choices */
	size_t cap_sol;
	/*
	 * Propagation (dlx-propagate.c), allocated by the first search that
	 * propagates: the removed options' nodes in the order removed, where
	 * each level's removals start, and the per-item counts of a pass.
	 */
	bool propagate;
	int32_t *trail;
	size_t n_trail, cap_trail;
	size_t *prop_start;          /* n_primary + 1 entries */
	uint32_t *sub_seen;          /* n_items + 1 entries: stamp of the pass that set sub_count */
	int32_t *sub_count;
	uint32_t sub_stamp;
	/*
	 * What the last pass that looked at primary item a saw: its len, and
	 * the node it was at (level, and that level's epoch: the count of
	 * nodes entered there).  A node on the current path still has its
	 * epoch, so the look is still good while len[a] is the same.
	 */
	int32_t *seen_len;           /* n_primary + 1 entries */
	uint32_t *seen_level;
	/* 64 bits: a level entered 2^32 times would make an old look pass for the path's. */
	uint64_t *seen_epoch;
	uint64_t *epoch;             /* n_primary + 1 entries, by level */
	bool prop_full;              /* tests: look at every item in every pass (dlx__set_full_passes()) */
	/*
	 * Which items a pass looks at (see dlx__subsume()): only those whose
	 * options changed since the last pass above it on the path, found from
	 * the covers and removals since.  passed[level]: a pass ran at the
	 * level's node; pass_from[level]: the trail when its last pass began.
	 * cand[] is a heap of the items to look at, cand_seen[] their stamps.
	 */
	bool *passed;                /* n_primary + 1 entries, by level */
	size_t *pass_from;
	uint32_t *cand_seen;         /* n_primary + 1 entries */
	uint32_t cand_stamp;
	int32_t *cand;               /* n_primary + 1 entries */
	/* A dlx_iter's search is under way: the links are half-way, nothing else may use them. */
	bool iterating;
	/* Items' bounds and options' costs (dlx-mult.h), NULL when there are none. */
	struct dlx_mult *mult;
	/*
	 * Checkpoints (dlx-checkpoint.c).  ck_armed: the last search was
	 * dlx_search_resume()'s and ck_fp its problem's fingerprint; cleared by
	 * anything that changes the tree (forcing, releasing, shuffling,
	 * adding options, propagation) and by dlx_search().  ck_where and
	 * ck_level: where the search stands at a poll or stood when it stopped
	 * (see search_impl()), the path being choice[0..ck_level).
	 */
	bool ck_armed;
	uint8_t ck_where;
	uint32_t ck_level;           /* fits beside ck_where: a level is below n_primary, an int32_t */
	uint64_t ck_fp;
	dlx_stats ck_at;             /* the counters at that poll or stop */
	/* A part's search's (dlx_search_parts_resume()), allocated by the first; NULL before. */
	struct dlx__ck_part *ck_part;
	/*
	 * When the next search's first poll comes, in nodes (0: after
	 * poll_interval), read and cleared as it starts: a run of subtrees
	 * (dlx__search_range()) polls every poll_interval nodes of the run,
	 * not of each subtree, so that a crew's node limit is seen in time.
	 */
	uint32_t poll_first;
	/*
	 * See scan_from; here, where the fields the search reads at every node
	 * stay as they were.  Room for dlx__skip_room(np) items.
	 */
	int32_t *skipped;
	/* The items of the long runs scans read since skip_open() last looked (see there). */
	uint64_t skip_credit;
	/*
	 * How many of skip_open()'s last looks in a row failed (up to
	 * DLX_SKIP_BACKOFF): each doubles the wait.  Kept across searches and
	 * copied into clones, as skip_credit is: it costs a later look at most
	 * 64 times the wait, never an answer or a count.
	 */
	uint8_t skip_failed;
	/* Primary items with one option as built: forced moves at the root (see want_tracking()). */
	size_t n_single;
};

/*
 * Where a part's checkpointed search stands: on says the last search was
 * a part's, with the part's path, the job under way (its rank in the
 * part's order) and the option of the job's run (its rank in the run)
 * whose subtree ck_level's path lies in, and max the deepest level of the
 * part's searches before that subtree's.  Apart from dlx_problem, so that
 * the copies a split search makes of a problem do not grow by it.
 */
struct dlx__ck_part {
	bool on;
	size_t depth;
	dlx_part path[DLX_MAX_PART_DEPTH];
	uint64_t job, opt;
	uint32_t max;
	/*
	 * A bounded part's (Algorithm M's cut, dlx-search-m.c), in place of
	 * job and opt: its stages' leaves met so far and what its walk spent
	 * above the cut, as they stood at ck_level's node.
	 */
	bool mcut;
	uint32_t n_stages;
	uint64_t seen[DLX_MAX_PART_DEPTH];
	uint64_t shared_nodes, shared_branches, owned_updates;
	/*
	 * For a bounded search in threads (dlx-checkpoint-msplit.c), as they
	 * stood at ck_level's node: whether the run was in a leaf of the cut and
	 * that leaf's own counters so far (leaf_at), and the run's counters below
	 * the cut (owned_nodes, owned_branches; updates: owned_updates), before
	 * the adjustment above for a node entered above the cut.
	 */
	bool in_leaf;
	dlx_stats leaf_at;
	uint64_t owned_nodes, owned_branches;
	/*
	 * A search in threads' (dlx_search_split_resume(), dlx-checkpoint-split.c):
	 * split is DLX_CK_SPLIT_LIVE while it runs (live its shared state, which
	 * dlx_checkpoint_save() parks the workers through), DLX_CK_SPLIT_IMAGE
	 * once it stopped (image the bytes of where it stopped, malloc'd), 0
	 * otherwise.
	 */
	uint8_t split;
	bool msplit;                    /* live is a bounded search's (dlx-checkpoint-msplit.c) */
	/*
	 * live is a memoized count's (dlx-checkpoint-memo.c) when not NULL:
	 * its save, called through here so that the files without GMP (the
	 * WebAssembly build) do not name it.
	 */
	int (*live_save)(const dlx_problem *p, dlx_checkpoint_user_fn user, void *ctx, void **out, size_t *len);
	void *live;
	unsigned char *image;
	size_t image_len;
};

enum { DLX_CK_SPLIT_LIVE = 1, DLX_CK_SPLIT_IMAGE = 2 };

/* dlx_problem.ck_where: no state to save; the node at ck_level entered (counted); or about to be. */
enum { DLX_CK_NONE = 0, DLX_CK_ENTERED, DLX_CK_BEFORE };

/*
 * The low bytes: one for each of the items 0..n (0, the root, is never set)
 * and 8 more, kept 0, so that the heuristic can read eight at a time past
 * the last primary item.  Secondary items have bytes too, so that the
 * updates need no test (their biased len keeps them 0); only the primary
 * items' are read.  A byte rather than a bit: every link update stores its
 * item's byte without reading it, two instructions instead of five, and on
 * sudoku that saved 8% of the search's instructions.
 */
static inline size_t low_words(size_t n)
{
	return n + 9;
}

/* The entries of skipped[] for np primary items: as many as a move past all of them may keep. */
static inline size_t dlx__skip_room(int32_t np)
{
	return DLX_SKIPPED + (size_t)np / DLX_SKIP_SPAN;
}

/* Outside a search, an item is active (uncovered) iff pos[i] lies in its region's prefix. */
static inline bool item_active(const dlx_problem *p, int32_t i)
{
	return p->pos[i] < (i <= p->np ? p->n_act_p : p->np + p->n_act_s);
}

/*
 * Makes room for `need` elements of size `elem` in *buf, whose capacity is
 * *cap, doubling it up to `max` elements.  Returns DLX_OK,
 * DLX_ERR_TOO_BIG (need > max) or DLX_ERR_NOMEM; on failure *buf and *cap
 * are unchanged.  Amortized O(1) per element.  In dlx-problem.c.
 */
int dlx__grow(void **buf, size_t *cap, size_t need, size_t elem, size_t max);

/*
 * Frees p's snapshot, if it has one, and sets p->snap to NULL: the links
 * it copied are stale once options are added.  In dlx-force.c.
 */
void dlx__snapshot_free(dlx_problem *p);

/* Counts the heuristic's reads in test builds; nothing otherwise (see tests/test-scans.c). */
#ifdef DLX_COUNT_SCANS
#define DLX_COUNT_SCAN(p, n) (((dlx_problem *)(p))->scans += (uint64_t)(n))
#else
#define DLX_COUNT_SCAN(p, n) ((void)0)
#endif

#endif
