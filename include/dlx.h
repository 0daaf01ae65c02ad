/**
 * @file dlx.h
 * @brief The dlx exact-cover engine: Knuth's Algorithm X with dancing links.
 *
 * An exact-cover problem has items and options; each option is a set of items.
 * A solution is a set of options that covers every primary item exactly once
 * and every secondary item at most once.
 *
 * Usage:
 * @code
 *   dlx_problem *p = dlx_problem_new(n_primary, n_secondary);
 *   dlx_add_option(p, items, k);          // once per option; ids 0, 1, 2, ...
 *   dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
 *   dlx_stats st;
 *   dlx_search(p, &sp, &st);              // st.solutions holds the count
 *   dlx_problem_free(p);
 * @endcode
 *
 * Items are numbered 0 .. n_primary-1 (primary) then n_primary ..
 * n_primary+n_secondary-1 (secondary).  Options are numbered in the order they
 * were added, from 0.
 *
 * The library never prints, exits or aborts: every failure is a negative
 * return value from #dlx_error, which dlx_strerror() turns into a message;
 * the functions that can say more fill a #dlx_error_info.
 * A problem is not thread-safe; distinct problems may be used concurrently.
 */
#ifndef DLX_H
#define DLX_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#include "dlx-export.h"
#include "dlx-version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * dlx-version.h defines DLX_VERSION, the version of these headers, as
 * "major.minor.patch", and its parts DLX_VERSION_MAJOR, _MINOR and _PATCH.
 */

/**
 * The version of the library the program runs with, as "major.minor.patch".
 * #DLX_VERSION is that of the headers it was compiled with: with a shared
 * library the two may differ.
 * @return a static string, never NULL.
 */
DLX_API const char *dlx_version(void);

/** Error codes. Functions return 0 (#DLX_OK) on success, a negative code on failure. */
typedef enum dlx_error {
	DLX_OK = 0,
	DLX_ERR_NOMEM = -1,     /**< an allocation failed; the problem is unchanged */
	DLX_ERR_INVALID = -2,   /**< a bad argument: item out of range, empty option, NULL */
	DLX_ERR_DUPLICATE = -3, /**< an item appears twice in one option */
	DLX_ERR_TOO_BIG = -4,   /**< the problem would exceed 2^30-1 nodes or items */
	DLX_ERR_CONFLICT = -5,  /**< a forced option shares an item with an earlier forced one */
	DLX_ERR_OVERFLOW = -6,  /**< a 64-bit statistic would have wrapped; the search stopped */
	DLX_ERR_STATE = -7,     /**< not allowed now: options forced, an iterator live, bounds where they are not supported */
	DLX_ERR_SYNTAX = -8,    /**< malformed input text (front ends; details in a #dlx_error_info) */
	DLX_ERR_IO = -9,        /**< a read error from the input stream */
	DLX_ERR_UNSUPPORTED = -10 /**< a part of the library this build lacks: dlx_search_sat()
	                               without CaDiCaL or its module (see dlx_sat_available()) */
} dlx_error;

/**
 * A message for an error code, e.g. "out of memory".
 * @return a static string, never NULL (unknown codes give "unknown error").
 */
DLX_API const char *dlx_strerror(int err);

/**
 * The details of a failure, where its error code alone cannot say what is
 * wrong (a line of input, a clash of givens).  Every public function that
 * has such details takes a `dlx_error_info *err` as its last parameter,
 * which may be NULL.  On failure the function fills it; on success it
 * empties it (line 0, message "").  The caller owns it.
 */
typedef struct dlx_error_info {
	size_t line;       /**< the 1-based input line at fault, or 0 when the error is not about one */
	char message[160]; /**< what is wrong, e.g. "unknown item 'x'", with no file or line prefix
	                        (the caller knows the file and adds them); may be empty when the
	                        code says it all: then show dlx_strerror() of the code.  Always
	                        NUL-terminated; a longer message is cut to fit */
} dlx_error_info;

/** An exact-cover problem (opaque). */
typedef struct dlx_problem dlx_problem;

/**
 * Creates an empty problem with the given numbers of items.
 *
 * @param n_primary   items that must be covered exactly once (may be 0: then
 *                    the empty set is the one solution)
 * @param n_secondary items that may be covered at most once
 * @return a new problem owned by the caller (free with dlx_problem_free()),
 *         or NULL when memory is short or the counts exceed 2^30-3 in total.
 * Complexity: O(n_primary + n_secondary).
 */
DLX_API dlx_problem *dlx_problem_new(size_t n_primary, size_t n_secondary);

/** Frees a problem and everything it owns. NULL is a no-op. */
DLX_API void dlx_problem_free(dlx_problem *p);

/** Number of primary items given to dlx_problem_new(). */
DLX_API size_t dlx_primary_count(const dlx_problem *p);

/** Number of secondary items given to dlx_problem_new(). */
DLX_API size_t dlx_secondary_count(const dlx_problem *p);

/** Number of options added so far. */
DLX_API size_t dlx_option_count(const dlx_problem *p);

/**
 * Adds an option covering @p n items.
 *
 * The items are copied; their order is kept (dlx_option_item() returns them
 * in this order).  An option with no primary item is accepted but can never
 * be part of a solution, since the search only branches on primary items.
 *
 * @return the new option's id (>= 0) on success; #DLX_ERR_INVALID if n is 0
 *         or an item is out of range; #DLX_ERR_DUPLICATE if an item repeats;
 *         #DLX_ERR_TOO_BIG if the node count would pass 2^30-1 (each option
 *         takes its items plus one node, each item one node);
 *         #DLX_ERR_NOMEM; #DLX_ERR_STATE while options are forced.
 *         On failure the problem is unchanged.
 * Complexity: amortised O(n).
 */
DLX_API long dlx_add_option(dlx_problem *p, const size_t *items, size_t n);

/**
 * Adds an option that may give its secondary items colors (Knuth's exact
 * covering with colors, Algorithm C).  Two options that share a secondary
 * item may both be in a solution only when both give it the same color;
 * an option that gives the item no color excludes every other option with
 * the item, as before.
 *
 * @param colors  NULL (no colors: the same as dlx_add_option()), or n color
 *                ids, colors[k] for items[k]: 0 for none, else 1..INT32_MAX.
 *                Only secondary items may have a color.
 * @return as dlx_add_option(); also #DLX_ERR_INVALID for a color on a
 *         primary item or above INT32_MAX.
 * Complexity: amortised O(n); the first colored option allocates an int per
 * node.  Searches of a problem with colors take a slightly slower path.
 */
DLX_API long dlx_add_option_colored(dlx_problem *p, const size_t *items, const uint32_t *colors, size_t n);

/** Whether some option of the problem gives an item a color. */
DLX_API bool dlx_has_colors(const dlx_problem *p);

/**
 * The color option @p opt gives its @p k-th item (see
 * dlx_add_option_colored()), or 0 for none or when out of range.
 */
DLX_API uint32_t dlx_option_color(const dlx_problem *p, size_t opt, size_t k);

/** Number of items in option @p opt (0 if opt is out of range). */
DLX_API size_t dlx_option_size(const dlx_problem *p, size_t opt);

/**
 * The @p k-th item of option @p opt, in the order given to dlx_add_option().
 * @return the item, or (size_t)-1 if opt or k is out of range.
 */
DLX_API size_t dlx_option_item(const dlx_problem *p, size_t opt, size_t k);

/**
 * Shuffles the order in which the search tries each item's options (input
 * order as built), by a seeded Fisher-Yates shuffle of every item's list:
 * the same seed gives the same order (whatever the order before), and so
 * the same search, on every machine.  A search then meets the solutions in another order: with a
 * solution limit of 1, a varied first solution.  The solutions themselves,
 * their count and the options' numbers do not change; the node and update
 * counts of a complete search may, as may the parts dlx_search_split()
 * cuts.  The branching rule's ties still go to the lowest-numbered item.
 * A shuffled order loses input order's memory locality: counting an item
 * of 10^6 options (`a b c` repeated) took 11.7 s instead of 0.4 s, with the
 * same nodes and link updates.
 *
 * @return #DLX_OK; #DLX_ERR_INVALID if p is NULL; #DLX_ERR_STATE while
 *         options are forced or a dlx_iter searches p; #DLX_ERR_NOMEM.
 * Complexity: O(n log n) for an item of n options, O(number of nodes) in
 * all but the sorts; memory O(options of the longest item).
 */
DLX_API int dlx_shuffle_options(dlx_problem *p, uint64_t seed);

/**
 * Puts every item's options back in input order, as before any
 * dlx_shuffle_options().  Returns and costs as dlx_shuffle_options().
 */
DLX_API int dlx_unshuffle_options(dlx_problem *p);

/** Largest upper bound of an item (dlx_set_item_bounds()). */
#define DLX_BOUND_MAX 1000000000u

/**
 * Gives primary item @p item bounds (Knuth's multiplicities, Algorithm M
 * of TAOCP 7.2.2.1, as read by his DLX3): a solution then covers it at
 * least @p lo and at most @p hi times, instead of exactly once.  Secondary
 * items and colors keep their meaning.  A problem is "bounded" while some
 * item's bounds are not 1:1; dlx_search(), dlx_search_split() and
 * dlx_search_parts() then run Algorithm M (dlx-search-m.c), each solution
 * (a set of options) once:
 * - the branching rule takes the item with the fewest branches, its
 *   options left less what it still needs, plus one (Knuth's DLX3 rule:
 *   ties to the smaller slack hi - lo, then the longer list, then the
 *   lower item); a "branch" may also leave an item that has what it
 *   needs with no more options; a node scans the open primary items (as
 *   DLX3 does), but once those scans average 1,024 items or more, items
 *   with one branch at most come from a heap kept as the links change,
 *   until fewer than 256 items are open or the heap costs more than the
 *   scans it saves, so that a chain of forced moves costs O(log n) a move
 *   (the same choices: nodes and counts never change);
 * - statistics count nodes as Knuth's DLX3 does (a node whose best item
 *   cannot get what it needs is entered, then left); progress is Knuth's
 *   estimate as for plain searches;
 * - threads and parts (dlx_search_split(), dlx_search_parts()) cut the
 *   tree their own way, as those functions say;
 * - dlx_estimate_tree() probes Algorithm M's whole tree (not a part's);
 * - dlx_iter_new() runs Algorithm M on a copy of the links, paused at
 *   each solution (the problem itself untouched meanwhile);
 * - dlx_memo_count() counts it level by level (a frontier search), and
 *   refuses it only with options forced (#DLX_ERR_STATE), as dlx_search() does;
 * - propagation (dlx_set_propagation()) is not applied.
 * Bounds of 1:1 everywhere make the problem plain again.
 *
 * @param lo  0 .. hi
 * @param hi  1 .. #DLX_BOUND_MAX
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL p, an item that is not
 *         primary, or bounds out of range; #DLX_ERR_STATE while options are
 *         forced or an iterator searches p; #DLX_ERR_NOMEM.
 * Complexity: O(1); the first bound allocates 8 bytes per primary item.
 */
DLX_API int dlx_set_item_bounds(dlx_problem *p, size_t item, uint32_t lo, uint32_t hi);

/**
 * The bounds of @p item: 1:1 for a primary item without any, 0:1 for a
 * secondary item.  @p lo and @p hi may be NULL.
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL p or an item out of range.
 */
DLX_API int dlx_item_bounds(const dlx_problem *p, size_t item, uint32_t *lo, uint32_t *hi);

/** Whether some item of p has bounds other than 1:1 (false for NULL). */
DLX_API bool dlx_has_bounds(const dlx_problem *p);

/**
 * Largest cost of one option: 2^33 - 1, so that a solution's cost (of at
 * most 2^30 options) always fits in 63 bits.
 */
#define DLX_COST_MAX ((((uint64_t)1) << 33) - 1)

/**
 * Gives option @p opt a cost (Knuth's DLX5), 0 by default.  Costs matter
 * only to dlx_search_best(); the other searches ignore them.
 *
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL p, an option out of range or
 *         a cost above #DLX_COST_MAX; #DLX_ERR_STATE while an iterator
 *         searches p; #DLX_ERR_NOMEM.
 * Complexity: amortised O(1); the first cost allocates 8 bytes per option.
 */
DLX_API int dlx_set_option_cost(dlx_problem *p, size_t opt, uint64_t cost);

/** The cost of option @p opt (0 when it has none, or for NULL or out of range). */
DLX_API uint64_t dlx_option_cost(const dlx_problem *p, size_t opt);

/** Whether some option of p has a cost other than 0 (false for NULL). */
DLX_API bool dlx_has_costs(const dlx_problem *p);

/**
 * Forces option @p opt into every solution of later searches, by covering its
 * items now.  A front end uses this to apply givens to a matrix built once.
 *
 * @return #DLX_OK; #DLX_ERR_INVALID if opt is out of range;
 *         #DLX_ERR_CONFLICT if one of its items is already covered by a
 *         forced option (the problem is then unchanged).
 * Complexity: O(number of nodes in the options it hides).
 */
DLX_API int dlx_force_option(dlx_problem *p, size_t opt);

/** Number of options currently forced. */
DLX_API size_t dlx_forced_count(const dlx_problem *p);

/**
 * Releases every forced option, restoring the problem exactly as it was
 * before the first dlx_force_option().  Complexity: as for forcing.
 */
DLX_API void dlx_release_forced(dlx_problem *p);

/**
 * Called once per solution found.
 *
 * @param ctx     the search's context pointer
 * @param options the options of the solution: the forced ones first, in the
 *                order forced, then the chosen ones in search order.  The
 *                array is owned by the library and valid only during the call.
 * @param n       the number of options
 * @return 0 to continue the search, non-zero to stop it.
 */
typedef int (*dlx_solution_fn)(void *ctx, const size_t *options, size_t n);

/** Why a search ended. */
typedef enum dlx_stop_reason {
	DLX_STOP_COMPLETE = 0,  /**< the whole search tree was explored */
	DLX_STOP_LIMIT,         /**< solution_limit solutions were found */
	DLX_STOP_CALLBACK,      /**< on_solution returned non-zero */
	DLX_STOP_NODE_LIMIT,    /**< node_limit nodes were visited */
	DLX_STOP_POLL,          /**< on_poll returned non-zero */
	DLX_STOP_ERROR          /**< dlx_search() returned an error */
} dlx_stop_reason;

/** Statistics of one search. */
typedef struct dlx_stats_s {
	uint64_t solutions; /**< solutions found */
	uint64_t nodes;     /**< search tree nodes entered, the root and the solutions included.
	                         A choice that leaves some primary item with no option is undone
	                         at once, as in Knuth's dancing cells, and its node not entered */
	uint64_t updates;   /**< link updates: one per node hidden and per item unlinked (Knuth's "updates") */
	uint64_t branches;  /**< nodes entered that branched on an item with two or more options left:
	                         the points where the search had to guess (0 when every step was forced) */
	dlx_stop_reason stop;
	uint32_t max_level; /**< deepest level reached (options chosen at once) */
	double progress;    /**< estimated fraction of the search tree done, 0..1 (Knuth's estimate
	                         from the positions of the choices on the current path); set for
	                         polls and at the end (1 when complete).  Negative in the polls of
	                         an engine with no tree: dlx_search_sat(), dlx_sat_next() and the
	                         sudoku local search (whose nodes are its moves) */
} dlx_stats;

/**
 * Called every @c poll_interval search nodes (progress, time limits,
 * interruption).  Return non-zero to stop the search.
 */
typedef int (*dlx_poll_fn)(void *ctx, const dlx_stats *so_far);

/** Parameters of a search.  Start from #DLX_SEARCH_PARAMS_INIT. */
typedef struct dlx_search_params {
	uint64_t solution_limit;   /**< stop after this many solutions; 0 = no limit */
	uint64_t node_limit;       /**< stop after this many nodes; 0 = no limit */
	dlx_solution_fn on_solution; /**< may be NULL (count only) */
	void *solution_ctx;
	dlx_poll_fn on_poll;       /**< may be NULL */
	void *poll_ctx;
	uint32_t poll_interval;    /**< nodes between polls; 0 means 65536 */
} dlx_search_params;

/** Default search parameters: count every solution, no callbacks. */
#define DLX_SEARCH_PARAMS_INIT { 0, 0, NULL, NULL, NULL, NULL, 0 }

/**
 * Runs Algorithm X on the problem, with the forced options applied.
 *
 * Branches on the primary item with the fewest remaining options (the first
 * such item in item order), so searches are deterministic.  The search is
 * iterative; its depth is bounded only by the number of primary items.  The
 * problem is restored to its state before the call when it returns, so it can
 * be searched again.  While it runs the problem is half-way through being
 * changed: the callbacks may read its options (dlx_option_size() and the
 * like, the counts) but must not pass p to any other function (no forcing,
 * adding, searching or dlx_problem_clone(), whose copy would be of no use).
 *
 * @param p      the problem
 * @param params the parameters, or NULL for #DLX_SEARCH_PARAMS_INIT
 * @param stats  filled in (may be NULL)
 * @return #DLX_OK, also when stopped early (see stats->stop);
 *         #DLX_ERR_OVERFLOW if a counter would wrap (stats hold the values
 *         reached); #DLX_ERR_NOMEM; #DLX_ERR_INVALID if p is NULL;
 *         #DLX_ERR_STATE while an iterator of p is live (dlx_iter_new()).
 * Complexity: exponential in general; memory O(number of primary items).
 * A node where no item is down to one option scans the open items; a
 * forced move (an item with one option left) is looked for from where the
 * last scans stopped, past the covered items and, with more than 8,192
 * primary items, past the items left open when they are at most 16 plus
 * a 32nd of the items passed, so that a chain of forced moves costs
 * amortised O(1 + items left open) reads a move (below 8,192, at most
 * n_primary / 8).
 */
DLX_API int dlx_search(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats);

/**
 * Finds the options that can be part of no solution (the first rule of
 * Knuth's DLX-PRE): an option whose choice would leave some primary item
 * with no option, and an option without a primary item (the search never
 * chooses one).  Each test is a choice as the search makes it (the option
 * forced, then released); an option found blocked is left out of the
 * tests that follow, which may then block others, and the options are
 * tested in turn until every option left has passed a test made without
 * the ones blocked.  A problem with a primary item left without options
 * has every option blocked (it has no solution).  Leaving the blocked
 * options out of p (as `dlx --reduce` does, writing the problem without
 * them) changes no solution; on tilings the search then makes 13-24%
 * fewer link updates.
 *
 * The tests may be stopped: every option marked by then is in no
 * solution, only some the rule would still find are not marked.
 *
 * p is used as a search uses it and is the same on return.
 *
 * @param p          the problem, with no option forced and no item with bounds
 * @param params     NULL, or: node_limit, the tests to make at most
 *                   (#DLX_STOP_NODE_LIMIT); on_poll and poll_ctx, called
 *                   after each test (so_far: nodes = tests made, updates,
 *                   progress = the share of the options left that have
 *                   passed since the last one blocked); non-zero stops
 *                   (#DLX_STOP_POLL).  The other fields are not used.
 * @param blocked    dlx_option_count(p) entries, each set to 1 (blocked) or 0;
 *                   may be NULL when p has no option; all 0 after an error
 * @param n_blocked  set to how many are 1
 * @param stats      NULL, or set to: nodes, the tests made; updates, their
 *                   link updates (as a search counts them); stop,
 *                   #DLX_STOP_COMPLETE when every option left passed
 * @return #DLX_OK (also when stopped); #DLX_ERR_INVALID for a NULL p or
 *         n_blocked, or a NULL blocked for options; #DLX_ERR_STATE with
 *         options forced, while a dlx_iter searches p, or when p has items
 *         with bounds (one choice need not exclude another's options there);
 *         #DLX_ERR_NOMEM.
 * Complexity: a test costs what choosing the option costs a search (a
 * cover of each of its items: O(the nodes of the options that share an
 * item with it)); every option is tested once, plus once more after each
 * option blocked for those tested before it, options with the same items
 * and colors (in any order) once for all of them (found first, O(nodes
 * log nodes); the others are not counted as tests).  So up to options x
 * (blocked + 1) tests: in practice fewer than two rounds (6x10
 * pentominoes: 144 blocked, under 2 x 2,056 tests, 0.09 s), but a
 * problem whose items each have a million different options costs a
 * million tests of a million updates; node_limit and on_poll bound that.
 * Memory O(options + the longest option).
 */
DLX_API int dlx_blocked_options(dlx_problem *p, const dlx_search_params *params, unsigned char *blocked,
				size_t *n_blocked, dlx_stats *stats);

/**
 * Whether the SAT engine (dlx_search_sat()) can run: the library was built
 * with CaDiCaL (meson option `sat`, Debian's libcadical-dev) and the
 * engine's module, dlx-cadical.so, loads.  The module is loaded the first
 * time this or dlx_search_sat() is called (a millisecond or two; once per
 * process, thread-safe, never unloaded), so that runs that do not use the
 * engine do not pay for its C++ start-up.  It is looked for by name along
 * the run paths of the program or library holding dlx (the build tree's),
 * LD_LIBRARY_PATH and the system's directories, then where `meson install`
 * put it (libdir/dlx/).  Without it dlx_search_sat() returns
 * #DLX_ERR_UNSUPPORTED; dlx_sat_error() says why.  O(1) after the first call.
 */
DLX_API bool dlx_sat_available(void);

/**
 * Why dlx_sat_available() is false, as a message for the user (built
 * without CaDiCaL, or the module's path and the loader's error); "" when it
 * is true.  Static storage, never freed; loads the module as
 * dlx_sat_available() does.
 */
DLX_API const char *dlx_sat_error(void);

/** What the SAT engine built and ran (dlx_search_sat()). */
typedef struct dlx_sat_stats {
	uint64_t variables; /**< the encoding's variables: one per option left, plus auxiliaries */
	uint64_t clauses;   /**< its clauses, the blocking clauses of the solutions found included */
	uint64_t calls;     /**< solver calls: one per solution found, one more to end or to be stopped */
} dlx_sat_stats;

/**
 * Searches with a second engine: the problem as it stands, encoded as
 * propositional clauses and handed to a conflict-driven clause-learning
 * SAT solver (CaDiCaL, with its configuration for satisfiable instances).
 * Where dancing links stall on a tree too large to walk (sudoku boards of
 * 36x36 and up with few givens, BENCHMARKS.md), learning from the dead
 * ends finds a solution in seconds; where the tree is small, dlx_search()
 * is far faster (the encoding alone costs more than the whole search).
 *
 * The contract is dlx_search()'s, for what it supports:
 * - the solutions are those of the problem with its forced options
 *   applied, reported to on_solution with the same option numbers: the
 *   forced ones first, in the order forced, then the chosen ones in
 *   increasing order (not a search order).  Only what the forced options
 *   left is encoded: one variable per option still available (an option
 *   is only ever part of a solution through one of its primary items, as
 *   in dlx_search()), so givens cost nothing;
 * - solution_limit: stop after that many (#DLX_STOP_LIMIT), 0 for all;
 *   a count is exact when the search completes.  Each solution found is
 *   excluded by a clause (its chosen options not all together) and the
 *   solver called again: one call per solution, each dearer than the last,
 *   so counting many solutions is for dlx_search();
 * - on_solution, on_poll: as for dlx_search().  on_poll is called from the
 *   solver's termination check, about every 10 ms (poll_interval is
 *   ignored), also while the clauses are built; a non-zero return stops
 *   the search (#DLX_STOP_POLL), within milliseconds;
 * - node_limit: no nodes here: it bounds the conflicts of each solver call
 *   instead (#DLX_STOP_NODE_LIMIT when one call reaches it), so that a
 *   bounded run is the same on every machine;
 * - stats: solutions, stop and progress (1 when complete, else 0) are
 *   set; nodes, updates, branches and max_level are left 0, as there is
 *   no search tree (CaDiCaL's C interface does not report its conflicts
 *   or decisions);
 * - the problem is left as it was, and may be searched again.
 * Colors are encoded (an option giving secondary item s color c implies
 * an auxiliary variable "s has c"; at most one of s's colors and of its
 * uncolored options holds); propagation (dlx_set_propagation()) and costs
 * are ignored, as dlx_search() ignores costs and propagation changes no
 * solution.
 *
 * The clauses: for each active primary item "at least one of its options"
 * and "at most one"; for each active secondary item "at most one".  "At
 * most one" is pairwise for a group of up to 8 literals and a sequential
 * counter (Sinz) above: about 3 clauses and one auxiliary variable per
 * literal, so the encoding is linear in the size of the matrix (the empty
 * 64x64 sudoku: 1.3 million variables, 3.1 million clauses, solved in
 * 2.2 s of CPU with a peak of 570 MB; BENCHMARKS.md).
 *
 * @param p      the problem (forced options applied); not changed
 * @param params as dlx_search(), or NULL for #DLX_SEARCH_PARAMS_INIT
 * @param stats  filled in (may be NULL)
 * @param sat    the encoding's size and the solver calls (may be NULL)
 * @return #DLX_OK, also when stopped early (stats->stop); #DLX_ERR_UNSUPPORTED
 *         when the library was built without CaDiCaL or its module does not
 *         load (dlx_sat_error() says why); #DLX_ERR_INVALID for
 *         a NULL p; #DLX_ERR_STATE while an iterator searches p, or when p
 *         has items with bounds (dlx_set_item_bounds(): not encoded);
 *         #DLX_ERR_TOO_BIG past 2^31-2 variables; #DLX_ERR_NOMEM when the
 *         library's own memory runs short.  CaDiCaL allocates through C++,
 *         whose failures end the process (as GMP's do for dlx_memo_count()).
 * Complexity: NP-complete in general; the encoding O(matrix size) time
 * and memory (the solver's copy of the clauses and its watches: some
 * 180 bytes a clause on large boards).
 */
DLX_API int dlx_search_sat(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, dlx_sat_stats *sat);

/**
 * A search by the SAT engine kept between calls, for a caller that takes
 * turns between it and other work (dlx-sudoku's auto engine alternates it
 * with its local search) or that raises a bound step by step without
 * starting over.  Opaque; made by dlx_sat_start(), ended by dlx_sat_free().
 */
typedef struct dlx_sat_search dlx_sat_search;

/**
 * Encodes p as dlx_search_sat() does and keeps the solver for
 * dlx_sat_next().  The encoding is of p as it stands now (its forced
 * options applied): p is not read again, so it may change or be freed
 * while the search lives.  params (NULL: #DLX_SEARCH_PARAMS_INIT) is kept
 * by pointer and must outlive the search: its solution limit, callbacks
 * and polls apply as in dlx_search_sat() (node_limit is ignored: each
 * dlx_sat_next() takes its own bound).  A poll that stops the encoding
 * itself ends the search (every dlx_sat_next() then reports
 * #DLX_STOP_POLL), as a primary item without options does (#DLX_STOP_COMPLETE).
 *
 * @param p      the problem; not changed
 * @param params as above (may be NULL)
 * @param out    receives the search (NULL on an error); the caller frees it
 *               with dlx_sat_free()
 * @return #DLX_OK, #DLX_ERR_INVALID for a NULL p or out, #DLX_ERR_STATE,
 *         #DLX_ERR_UNSUPPORTED, #DLX_ERR_TOO_BIG and #DLX_ERR_NOMEM as for
 *         dlx_search_sat()
 * Complexity: the encoding, O(matrix size) time and memory, held until
 * dlx_sat_free().
 */
DLX_API int dlx_sat_start(dlx_problem *p, const dlx_search_params *params, dlx_sat_search **out);

/**
 * Goes on with the search: solver calls, each for the next solution
 * (reported to params->on_solution and counted) and each bounded by
 * conflicts conflicts (0: none), until a call runs out of them
 * (#DLX_STOP_NODE_LIMIT), a poll says stop (#DLX_STOP_POLL), the solution
 * limit is reached (#DLX_STOP_LIMIT), the callback says stop
 * (#DLX_STOP_CALLBACK) or no solution is left (#DLX_STOP_COMPLETE).  After
 * the first two a later call resumes where this one stopped, with the
 * clauses the solver learned; after the others it reports the same stop
 * again.  dlx_search_sat() is dlx_sat_start(), one dlx_sat_next() with
 * params->node_limit, and dlx_sat_free(): the same solutions in the same
 * order.
 *
 * @param s         the search
 * @param conflicts the bound of each solver call of this call (0: none)
 * @param stats     the totals so far (solutions) and this call's stop (may be NULL)
 * @param sat       the encoding's size and the solver calls so far (may be NULL)
 * @return #DLX_OK, also when stopped; #DLX_ERR_INVALID for a NULL s
 * Complexity: NP-complete in general; the solver's own memory grows with
 * the clauses it learns.
 */
DLX_API int dlx_sat_next(dlx_sat_search *s, uint64_t conflicts, dlx_stats *stats, dlx_sat_stats *sat);

/** Frees s and its solver (NULL is a no-op).  O(its memory). */
DLX_API void dlx_sat_free(dlx_sat_search *s);

/** One solution and its cost (dlx_search_best()). */
typedef struct dlx_costed {
	uint64_t cost;    /**< the sum of its options' costs */
	size_t n;         /**< its number of options */
	size_t *options;  /**< its options, in the order the search chose them */
} dlx_costed;

/** The cheapest solutions of a problem (dlx_search_best()); free with dlx_best_free(). */
typedef struct dlx_best {
	size_t n;         /**< solutions kept: K, or fewer when the problem has fewer */
	dlx_costed *sol;  /**< sol[0 .. n-1], cheapest first (equal costs in the order found; of
	                       those that tie with the K-th, the first found are kept) */
	/**
	 * How many solutions found have the cost of sol[n-1], those kept
	 * included: more than are kept when the K-th cost is shared beyond K.
	 * Exact when the search completes; 0 when n is 0.
	 */
	uint64_t ties;
} dlx_best;

/** Largest K of dlx_search_best(). */
#define DLX_BEST_MAX 1000000u

/**
 * Finds the @p k cheapest solutions of p (costs: dlx_set_option_cost(),
 * bounds and colors honoured), by Algorithm M with branch and bound, after
 * Knuth's DLX5: items covered a fixed number of times are taxed their
 * cheapest option's cost (costs become net costs, the taxes paid by every
 * solution), each item's options are tried cheapest first, options whose
 * net cost exceeds what is left below the K-th cheapest cost found are not
 * counted by the branching rule nor tried, and a node is cut when its cost
 * plus what the active items still need at their cheapest shares of net
 * cost (an option's net cost split equally among its primary items,
 * rounded down) exceeds the K-th cost.  Ties are never cut, so that
 * dlx_best.ties is exact.  Far fewer nodes than a search of every solution
 * (BENCHMARKS.md).
 *
 * @param params  solution_limit (solutions met, kept or not), node_limit,
 *                on_poll as for dlx_search(); on_solution must be NULL.
 *                NULL for #DLX_SEARCH_PARAMS_INIT
 * @param k       1 .. #DLX_BEST_MAX
 * @param out     the solutions (the best found so far when a limit or a
 *                poll stopped the search: then they need not be the
 *                cheapest); NULL on failure
 * @param stats   as dlx_search(): solutions counts those met, which need
 *                not be all of them
 * @return #DLX_OK, also when stopped early (stats->stop); #DLX_ERR_INVALID
 *         for a NULL p or out, k out of range or an on_solution;
 *         #DLX_ERR_STATE while options are forced or an iterator searches
 *         p; #DLX_ERR_NOMEM; #DLX_ERR_OVERFLOW (with *out as found).
 * Complexity: exponential in general; memory O(problem size) for a copy of
 * the links, plus K solutions, kept in a heap by cost (O(log K) for each
 * solution kept, O(K log K) to sort them at the end).  A node scans the
 * open primary items (the branching rule and the bound need each one's
 * cheapest option), as Knuth's DLX5 does.  Once those scans average 1,024
 * items or more, items with one branch at most (as many usable options as
 * they still need, by the lists or by the budget) come from heaps, and
 * the bound from sums, kept as the links change, with the rule that
 * dlx_set_item_bounds() gives Algorithm M's heap, so that a chain of n
 * forced moves costs O(n log n) (the same choices: nodes and solutions
 * never change).  With bounds, keeping an item's key reads its first
 * need + 1 options, so an item that still needs many options costs that
 * many reads each time its list changes near the top (the heaps are
 * dropped when they cost more than the scans they save).
 */
DLX_API int dlx_search_best(dlx_problem *p, const dlx_search_params *params, size_t k, dlx_best **out,
	dlx_stats *stats);

/** Frees what dlx_search_best() returned.  NULL is a no-op. */
DLX_API void dlx_best_free(dlx_best *b);

/** What a search deduces at each node before it branches (dlx_set_propagation()). */
typedef enum dlx_propagation {
	DLX_PROPAGATE_NONE = 0,   /**< nothing: Knuth's Algorithm X (the default) */
	/**
	 * The subsumption rule: when every option left for a primary item a
	 * also covers an item b (primary, or secondary and given no color by
	 * those options), b's options that do not cover a are removed.  On
	 * sudoku this is "locked candidates" (pointing and claiming).
	 */
	DLX_PROPAGATE_SUBSUME = 1
} dlx_propagation;

/**
 * Sets what p's searches deduce before each branching.  Propagation only
 * removes options that belong to no solution below the node, so the
 * solutions, and their count, are the same with any mode; the tree is
 * usually smaller (not always: the branching rule then meets other
 * lengths and may choose other items), and its statistics differ (nodes,
 * updates, branches, and so the effort a grade measures).
 *
 * With #DLX_PROPAGATE_SUBSUME, at every node where the search would branch
 * (no primary item has fewer than two options) it applies the rule to
 * every active primary item until a pass removes nothing or leaves an item
 * with at most one option; a removal that leaves a primary item with none
 * ends the node.  A pass costs O(total size of the active primary items'
 * options), far more than a plain node: it pays off on problems whose
 * plain search branches on doomed options for long (large sudoku boards
 * with few givens, see BENCHMARKS.md) and slows down those the plain search
 * finishes in few nodes.  Memory: O(options + items), allocated by the
 * first search that propagates.  dlx_search_split() cuts the top of its
 * tree without propagating and its jobs propagate below it: the same
 * solutions, but other node counts than dlx_search()'s.
 *
 * @return #DLX_OK; #DLX_ERR_INVALID if p is NULL or mode is not a
 *         #dlx_propagation; #DLX_ERR_STATE while a dlx_iter searches p.
 *         Complexity: O(1).
 */
DLX_API int dlx_set_propagation(dlx_problem *p, dlx_propagation mode);

/** p's propagation mode (#DLX_PROPAGATE_NONE for NULL).  O(1). */
DLX_API dlx_propagation dlx_get_propagation(const dlx_problem *p);

/**
 * A search that hands out its solutions one at a time (opaque): a pull
 * search.  dlx_iter_new() prepares it, each dlx_iter_next() runs the search
 * on to its next solution and returns there, and dlx_iter_free() stops it
 * whenever, undoing its covers.  No callback, no thread: the caller's loop
 * drives it.
 *
 * @code
 *   dlx_iter *it;
 *   if (dlx_iter_new(p, NULL, &it) == DLX_OK) {
 *       const size_t *opts;
 *       size_t n;
 *       while (dlx_iter_next(it, &opts, &n) == 1)
 *           use(opts, n);                  // the options of one solution
 *       dlx_iter_free(it);
 *   }
 * @endcode
 *
 * It is dlx_search()'s own loop, entered again where it left off, so its
 * solutions, their order and its statistics are dlx_search()'s; a search
 * that does not use it costs nothing more for its existence.  While the
 * iterator is live (from dlx_iter_new() until dlx_iter_next() returns 0 or
 * an error, or dlx_iter_free()), the problem is half-way through being
 * changed and belongs to it: the option accessors and the counts may read
 * p, but dlx_search(), dlx_search_split(), dlx_iter_new(),
 * dlx_force_option() and dlx_add_option() return #DLX_ERR_STATE,
 * dlx_problem_clone() returns NULL and dlx_release_forced() does nothing.
 * One iterator serves one thread at a time; iterators of distinct problems
 * may run concurrently.
 */
typedef struct dlx_iter dlx_iter;

/**
 * Prepares a pull search of @p p; the search starts at the first
 * dlx_iter_next().
 *
 * @param p      the problem, with its forced options applied
 * @param params solution_limit, node_limit, on_poll, poll_ctx and
 *               poll_interval as for dlx_search(); on_solution must be
 *               NULL (the solutions come back from dlx_iter_next()).
 *               Copied.  NULL for #DLX_SEARCH_PARAMS_INIT.
 * @param out    receives the iterator, owned by the caller (dlx_iter_free());
 *               NULL on failure
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL p or out, or an on_solution;
 *         #DLX_ERR_STATE if another iterator of p is live, or when p has
 *         items with bounds and options forced; #DLX_ERR_NOMEM.
 * Complexity: O(1); O(problem size) for a copy of the links when p has
 * items with bounds (dlx_set_item_bounds()).
 */
DLX_API int dlx_iter_new(dlx_problem *p, const dlx_search_params *params, dlx_iter **out);

/**
 * Runs the search on to its next solution.
 *
 * @param options receives the solution's options as dlx_solution_fn gets
 *                them (the forced ones first, in the order forced, then the
 *                chosen ones in search order), owned by the library and valid
 *                until the next call on the iterator; NULL when there is none.
 *                May be NULL.
 * @param n       receives their number (0 when there is none); may be NULL
 * @return 1 with a solution; 0 when the search has ended, the problem then
 *         restored and free again (dlx_iter_stats() says why it ended:
 *         #DLX_STOP_COMPLETE, #DLX_STOP_LIMIT, #DLX_STOP_NODE_LIMIT or
 *         #DLX_STOP_POLL); a negative error as dlx_search() returns them
 *         (#DLX_ERR_OVERFLOW, #DLX_ERR_NOMEM), the search then ended and the
 *         problem restored too; #DLX_ERR_INVALID for a NULL it.  Once ended,
 *         every further call returns the same 0 or error.
 * Complexity: that of the search up to the next solution.
 */
DLX_API int dlx_iter_next(dlx_iter *it, const size_t **options, size_t *n);

/**
 * The search's statistics so far (as dlx_search() fills them at its end:
 * solutions handed out, nodes, updates, branches, max_level), and once it
 * has ended, why it stopped.  While it is under way stop is
 * #DLX_STOP_COMPLETE and progress the estimate at the last poll.
 * NULL it or stats: nothing.
 */
DLX_API void dlx_iter_stats(const dlx_iter *it, dlx_stats *stats);

/**
 * Stops the search wherever it is, undoes its covers (O(depth × option
 * size) link updates) so that the problem is exactly as before
 * dlx_iter_new(), and frees the iterator.  NULL is a no-op.
 */
DLX_API void dlx_iter_free(dlx_iter *it);

/**
 * Searches as dlx_search() does, in a way that can be saved and resumed:
 * from the start (ckpt NULL, len 0), or from where the search saved in
 * ckpt by dlx_checkpoint_save() stood.  A resumed search goes down the
 * saved path (each level's item chosen again by the heuristic, checked,
 * and the saved option chosen there) without counting, then goes on with
 * the saved counters: the final solutions, nodes, updates and branches
 * are those of one uninterrupted dlx_search(), however many times it was
 * stopped and resumed.  Solutions are reported to on_solution as by
 * dlx_search(), those found before the checkpoint not again.  A problem
 * with bounds (dlx_set_item_bounds()) is searched by Algorithm M as
 * dlx_search() does, its path the branch of each level: an option, or none
 * where the level's item is closed; the search keeps a copy of the links
 * (O(problem size)) and the path may then be as deep as there are options
 * and primary items.
 *
 * Before it searches, it takes a fingerprint of p (O(problem size)): its
 * items, every option's items and colors, the forced options in order,
 * the order of each item's options (dlx_shuffle_options()), the
 * propagation mode and any bounds.  A checkpoint of another fingerprint is refused, as is
 * one of another format version, a truncated one, or one whose checksum
 * (FNV-1a over its bytes) does not match: #DLX_ERR_SYNTAX with err saying
 * which, p untouched and nothing searched.
 *
 * @param p      the problem (restored when the call returns, as by dlx_search())
 * @param params as dlx_search(); NULL for #DLX_SEARCH_PARAMS_INIT.  node_limit
 *               and solution_limit count the resumed search's totals (the
 *               saved ones included): a limit the saved totals reach stops
 *               the search at once (#DLX_STOP_NODE_LIMIT, #DLX_STOP_LIMIT)
 * @param ckpt   the bytes of a checkpoint, or NULL to start from the root
 * @param len    their number (0 with NULL)
 * @param stats  filled in as by dlx_search() (may be NULL)
 * @param err    what is wrong with a refused checkpoint (may be NULL)
 * @return as dlx_search(); #DLX_ERR_SYNTAX for a refused checkpoint;
 *         #DLX_ERR_INVALID for a NULL p or a NULL ckpt with len > 0;
 *         #DLX_ERR_STATE while an iterator searches p, or when p has both
 *         items with bounds and forced options (as dlx_search()).
 * Complexity: as dlx_search(), plus O(problem size) for the fingerprint
 * and, for a resume, the covers of the saved path's levels.
 */
DLX_API int dlx_search_resume(dlx_problem *p, const dlx_search_params *params, const void *ckpt, size_t len,
	dlx_stats *stats, dlx_error_info *err);

/**
 * Saves where a dlx_search_resume() search stands, as bytes for a file:
 * from its on_poll callback (the node the poll came at, which the resumed
 * search enters again), or after it returned stopped by on_poll or by
 * node_limit (where it stopped).  The bytes are the path of choices (for
 * each level the item branched on and the option chosen, by number, so
 * they do not depend on memory), the counters so far and p's fingerprint,
 * under a magic number, a format version, the length and a checksum:
 * about 88 bytes plus 8 per level.  Valid with the p they were taken of,
 * or another process's copy of it (same input, same options), in
 * dlx_search_resume().  Not for dlx_search(), dlx_search_split() or a
 * dlx_iter: only searches started by dlx_search_resume(),
 * dlx_search_parts_resume(), dlx_search_split_resume() (whose saves
 * hold its jobs' states, see there) or dlx_memo_count_resume() (whose
 * saves hold its tables too).
 *
 * @param p    the problem being (or just) searched
 * @param user a number kept with the checkpoint for the caller, read back by
 *             dlx_checkpoint_user() (`dlx --all --output`: the bytes of the
 *             solutions written so far, to cut the file back to on resume)
 * @param out  receives the bytes, malloc'd: the caller frees them with free()
 * @param len  receives their number
 * @return #DLX_OK; #DLX_ERR_STATE when there is nothing to save: not in a
 *         poll nor after a stop by a poll or node_limit of a
 *         dlx_search_resume() search (a search that completed, stopped at
 *         its solution limit or by on_solution; p changed since);
 *         #DLX_ERR_INVALID for a NULL argument; #DLX_ERR_NOMEM.
 * Complexity: O(depth of the path × option size).
 */
DLX_API int dlx_checkpoint_save(const dlx_problem *p, uint64_t user, void **out, size_t *len);

/**
 * Where dlx_checkpoint_save_with() gets the caller's number: called once,
 * at the instant the state is read; returns #DLX_OK with *user set, or a
 * negative error code (a #dlx_error or the caller's own), which the save
 * returns without saving.
 */
typedef int (*dlx_checkpoint_user_fn)(void *ctx, uint64_t *user);

/**
 * dlx_checkpoint_save() with the caller's number from user(ctx), called
 * at the instant the state is read.  For a search in threads
 * (dlx_search_split_resume(), dlx_search_parts_split_resume()) that
 * is while every worker waits at a poll, when no on_solution call is under
 * way: the number then stands for exactly the solutions the checkpoint
 * counts (`dlx --all --output` flushes its output there and gives its
 * length).  user must not call into the library; it holds the workers up
 * while it runs.  For a one-thread search it is called at once.
 *
 * @return as dlx_checkpoint_save(), or user's non-zero return (nothing
 *         saved); #DLX_ERR_INVALID also for a NULL user.
 * Complexity: as dlx_checkpoint_save(), plus user's call.
 */
DLX_API int dlx_checkpoint_save_with(const dlx_problem *p, dlx_checkpoint_user_fn user, void *ctx, void **out,
	size_t *len);

/**
 * The caller's number kept in a checkpoint (dlx_checkpoint_save()'s user),
 * after the checks that need no problem: magic, version, length, checksum
 * (dlx_search_resume() checks the fingerprint).
 *
 * @return #DLX_OK; #DLX_ERR_SYNTAX for bytes dlx_search_resume() would
 *         refuse as not a checkpoint, of another version, truncated or
 *         corrupted, with err saying which; #DLX_ERR_INVALID for a NULL
 *         ckpt or user.
 * Complexity: O(len).
 */
DLX_API int dlx_checkpoint_user(const void *ckpt, size_t len, uint64_t *user, dlx_error_info *err);

/**
 * Copies a problem, forced options included, so that another thread can
 * search it.  The copy shares nothing with the original.
 * @return the copy, owned by the caller, or NULL when memory is short.
 * Complexity: O(size of the problem).
 */
DLX_API dlx_problem *dlx_problem_clone(const dlx_problem *p);

/** How dlx_search_split() divides a search. */
typedef struct dlx_split_params {
	unsigned threads; /**< worker threads; 0 or 1 searches in the calling thread */
	uint32_t part;    /**< with parts > 1: which part to search, 1..parts */
	uint32_t parts;   /**< M: split into M disjoint parts, search only one; 0 or 1: all */
} dlx_split_params;

/** Largest number of parts dlx_search_split() accepts. */
#define DLX_MAX_PARTS 65536u

/**
 * Searches with several threads, or only one part of the search tree.
 *
 * The top of the tree, walked with the same heuristic as dlx_search(), is
 * cut into jobs: each a run of consecutive children of one node, so the
 * union of the jobs' solutions is exactly the problem's.  A node with many
 * children (an item with many options) is cut into runs of many, so there
 * are at most 1024 jobs per thread (128 x M for parts).  Threads take jobs
 * from a shared queue, each on its own copy of the problem's links (p is
 * no thread's: the callbacks may read it as during dlx_search()), and
 * there are never more threads than jobs.  A copy shares with p what never
 * changes; it takes 8 bytes per node (12 with colors; a node per item of
 * each option and one per option) and about 20 per item.  With
 * parts = M the cut depends only on the problem (and its forced options)
 * and on M: part K searches jobs K-1, K-1+M, K-1+2M, ...  So M processes
 * on any machines, K = 1..M, count disjoint sets of solutions whose union
 * is the whole.
 *
 * Differences from dlx_search():
 * - on_solution may be called from any worker thread, but never by two at a
 *   time; solutions come in no particular order;
 * - solution_limit is exact: no more solutions are counted or reported;
 * - node_limit is checked across threads every few thousand nodes, so the
 *   search, fresh or resumed, may overrun it by up to threads x poll
 *   interval nodes (4,096 a worker);
 * - on_poll runs in the calling thread: every poll_interval nodes while the
 *   tree is being cut (a stop then ends the search with nothing counted),
 *   then about every 10 ms while workers run (poll_interval is then
 *   ignored), with the totals so far;
 * - stats->max_level counts levels within a job, not the levels of the cut;
 * - with threads and no parts, nodes and updates are the whole search's, the
 *   walk that cut the tree included (the same totals as dlx_search() when
 *   the search completes); a part's are those of its jobs alone, the walk
 *   being left out so that adding M parts' figures does not count it M times.
 *
 * @return as dlx_search(); #DLX_ERR_INVALID if part is not in 1..parts or
 *         parts > #DLX_MAX_PARTS; #DLX_ERR_NOMEM.  The problem is left as it
 *         was found.
 * Complexity: as dlx_search(), plus O(threads x problem size): the
 * threads' copies, and their setting up of jobs (forcing a job's path,
 * covering the item branched on at its node), O(problem size) per job at
 * worst but only once per thread for the runs of one node, since a thread
 * keeps what its next job shares with its last.  The walks of the top of
 * the tree that cut it are bounded by a fixed budget of some 2^26 item
 * scans and link updates, but for the last, whose work is the search's own
 * (a tree that stays narrow deep down is then cut into fewer jobs, and
 * shared less evenly).
 *
 * A bounded problem (dlx_set_item_bounds(), Algorithm M) is cut otherwise,
 * since its branches are not all options (an item may also be closed) and
 * its search keeps its own copy of the links: the cut is at a depth, the
 * shallowest with at least 512 x threads nodes there (64 x M for parts),
 * within the same budget of probes; its leaves are the nodes at that depth
 * and the solutions above it, numbered in the search's order.  Each worker
 * copies the links (8 bytes per node, 12 with colors, as a clone), walks
 * the tree above the depth itself and searches the leaves it claims from a
 * shared counter, one at a time, skipping the others without a commit; a
 * part keeps every M-th leaf.  So the top of the tree is walked once per
 * thread, nothing is set up per leaf but what one search does there, and
 * the workers only read p.  The differences above hold but for these:
 * stats->max_level counts the levels from the root; progress is the
 * workers' mean of Knuth's estimate for the whole tree; a part's figures
 * leave out the nodes and updates above the cut (its walk), and its
 * solutions above the cut are among its leaves.
 */
DLX_API int dlx_search_split(dlx_problem *p, const dlx_search_params *params,
	const dlx_split_params *split, dlx_stats *stats);

/** One level of a nested part: the part-th of parts pieces (dlx_search_parts()). */
typedef struct dlx_part {
	uint32_t part;  /**< K: 1..parts */
	uint32_t parts; /**< M: 1..#DLX_MAX_PARTS */
} dlx_part;

/** Most levels of a nested part. */
#define DLX_MAX_PART_DEPTH 8

/**
 * Searches one piece of one part: path[0] is part K/M as dlx_search_split()
 * cuts it, path[1] = J/N the J-th of N disjoint pieces of that part,
 * path[2] a piece of that piece, and so on.  The N pieces of a part hold
 * exactly its solutions between them, each once, so a part that proves
 * far bigger than its siblings can be searched again in N processes whose
 * counts add up to its own (`dlx --part K/M.J/N`).  A piece is found by
 * refining its parent's jobs into about 64 N finer ones (long runs of a
 * node's children cut into shorter runs, or each child's subtree cut as
 * dlx_search_split() cuts a tree) and taking every N-th: it depends on the
 * problem and the numbers alone, so any machine cuts the same pieces.
 * depth 1 is dlx_search_split() with part = path[0], but for M = 1, which
 * is then a part too (its statistics leave out the walk of the cut).
 * For a bounded problem (see dlx_search_split()) each level is a depth of
 * the tree: piece J/N takes every N-th of the part's leaves at the
 * shallowest depth (the part's own or deeper) where the part has 64 N.
 *
 * Statistics are those of the piece's jobs alone, as a part's are: the
 * walks that cut the tree are left out, so the solutions of the N pieces
 * add up to their parent's, but their nodes do not (a parent's walks
 * count nodes that its pieces' do not).
 *
 * @param p       the problem (left as it was found)
 * @param params  as dlx_search_split()
 * @param threads worker threads; 0 or 1 searches in the calling thread
 * @param path    the levels, path[0] the outermost
 * @param depth   their number, 1..#DLX_MAX_PART_DEPTH
 * @param stats   filled in (may be NULL)
 * @return as dlx_search_split(); #DLX_ERR_INVALID for a NULL p or path, a
 *         depth out of range or a level not 1 <= part <= parts <=
 *         #DLX_MAX_PARTS.
 * Complexity: as dlx_search_split() for the search; before it, each level
 * beyond the first walks its parent's jobs: for each, a cover of the item
 * branched on at its node and a commit and an uncommit of every option of
 * its run, and a cut (bounded as dlx_search_split()'s) of each child's
 * subtree when the run is shorter than the job's share of 64 N.
 */
DLX_API int dlx_search_parts(dlx_problem *p, const dlx_search_params *params, unsigned threads,
	const dlx_part *path, size_t depth, dlx_stats *stats);

/**
 * Searches one part or piece of the tree, as dlx_search_parts() does in one
 * thread, in a way that can be saved and resumed as dlx_search_resume()'s
 * search can: from the start (ckpt NULL, len 0), or from where the part's
 * search saved in ckpt by dlx_checkpoint_save() stood.  The part's jobs
 * are searched in the order dlx_search_parts() takes them, one at a time,
 * in the calling thread, on p itself (its forced options grow by the job's
 * path while a job is searched: on_solution gets each solution's options
 * as dlx_search_parts() does).  A checkpoint of a part holds its path
 * (K/M.J/N...), the job under way (its rank among the part's), the option
 * of the job's run under way, the path of choices below it, and the
 * totals so far.  The final solutions, nodes, updates, branches and
 * max_level are those of one uninterrupted dlx_search_parts() with one
 * thread, however many times the search was stopped and resumed; the
 * solutions found before the checkpoint are not reported again.  A part's
 * checkpoint saved in threads (dlx_search_parts_split_resume()) is resumed
 * as that function does it in one worker thread.  A problem
 * with bounds has no jobs: its part is a run of Algorithm M over the tree
 * that keeps the leaves of its cut the part owns (dlx_search_parts()), so
 * its checkpoint holds that run's path from the root, the leaves each
 * stage of the cut met and what the run spent above the cut (8 bytes more
 * per stage and 24 more in all); its node_limit counts the part's nodes,
 * below the cut, as the statistics do.
 *
 * The fingerprint is dlx_search_resume()'s, with the part's path: a
 * checkpoint of another part (another K, M or nesting), of the whole
 * search (dlx_search_resume()'s), or refused for any of the reasons
 * dlx_search_resume() gives, is refused with #DLX_ERR_SYNTAX and err
 * saying which, p untouched and nothing searched; dlx_search_resume()
 * likewise refuses a part's checkpoint.  dlx_checkpoint_save() saves the
 * search from its on_poll callback or after a stop by a poll or
 * node_limit, as for dlx_search_resume(); dlx_checkpoint_user() reads a
 * part's checkpoint too.  A part's checkpoint is about 112 + 8 D bytes
 * plus 8 per level (D the part's depth).
 *
 * @param p      the problem (left as it was found when the call returns)
 * @param params as dlx_search_resume(); on_poll's progress is the part's
 *               (its jobs done, and the one under way's); the cut of the
 *               tree is made without polls (its walks are bounded, see
 *               dlx_search_split())
 * @param part   the part's path, part[0] the outermost, as dlx_search_parts()
 * @param depth  its number of levels, 1..#DLX_MAX_PART_DEPTH
 * @param ckpt   the bytes of a part's checkpoint, or NULL to start the part
 * @param len    their number (0 with NULL)
 * @param stats  filled in as by dlx_search_parts() (may be NULL)
 * @param err    what is wrong with a refused checkpoint (may be NULL)
 * @return as dlx_search_resume(); #DLX_ERR_INVALID also for a part path
 *         dlx_search_parts() refuses.  The caller keeps ckpt and part.
 * Complexity: as dlx_search_parts() with one thread (the cut of the tree is
 * made again on each call: its walks, O(problem size) per job to reach the
 * job's node), plus the fingerprint and the replay of the saved path as
 * for dlx_search_resume(); a resume skips the jobs and options done
 * without searching them.
 */
DLX_API int dlx_search_parts_resume(dlx_problem *p, const dlx_search_params *params, const dlx_part *part,
	size_t depth, const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err);

/**
 * dlx_search_parts_resume() in `threads` threads: the part's jobs (the same
 * jobs in the same order, since they depend on the part alone) searched as
 * dlx_search_split_resume() searches the whole tree's, by workers on
 * copies of p that take them in that order; a checkpoint holds the jobs
 * started, the totals of the finished ones and each job under way's option,
 * path and counters (about 128 + 8 D bytes plus 56 per job under way and 8
 * per level of their paths), and a resume searches the saved jobs first,
 * each from its path.  A part's checkpoint resumes in any number of threads
 * whatever the threads that saved it: one saved by
 * dlx_search_parts_resume() is read as its one job under way, with the
 * totals so far as its counters.  The final solutions, nodes, updates,
 * branches and max_level are those of one uninterrupted dlx_search_parts()
 * in one thread.  on_solution and solution_limit, saves from on_poll or
 * after a stop, and the caller's number (dlx_checkpoint_save_with()) are
 * as for dlx_search_split_resume(): solutions reported from the workers one
 * call at a time, in no fixed order; a search stopped by on_solution or
 * solution_limit cannot be saved.  A problem with bounds is searched as
 * dlx_search_split_resume() searches one (Algorithm M's workers claiming
 * the part's leaves of its cut), and its checkpoint of one thread (a run
 * that keeps every leaf of the part) resumes in threads too: the leaves
 * it met are claimed, the one it was in saved with its work so far.
 *
 * @param threads worker threads (0 or 1: searched as by
 *               dlx_search_parts_resume(), in the calling thread, unless
 *               ckpt was saved in threads: then in one worker)
 * @return as dlx_search_parts_resume().
 * Complexity: as dlx_search_parts() in `threads` threads (a copy of p each),
 * plus the fingerprint and the replay of each saved path.
 */
DLX_API int dlx_search_parts_split_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads,
	const dlx_part *part, size_t depth, const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err);

/**
 * Counts solutions in `threads` threads, as dlx_search_split() does for the
 * whole tree, in a way that can be saved and resumed: from the start (ckpt
 * NULL, len 0), or from where the search saved in ckpt by
 * dlx_checkpoint_save() stood, in any number of threads (1 or more, not
 * necessarily the saved search's).  The top of the tree is cut into jobs as
 * dlx_search_split() cuts it, for a number of jobs the first run sets (512
 * per thread) and the checkpoint keeps, so that every resume cuts the same
 * jobs; the workers take them in one fixed order.  A checkpoint holds the
 * jobs started, the totals of the finished ones, and for each job under
 * way the option of its run under way, the path of choices below it and
 * its counters: a resume searches the jobs under way first, each from its
 * path, then the jobs never started.  The final solutions, nodes, updates
 * and branches are those of one uninterrupted dlx_search() (and
 * dlx_search_split(), whatever its threads), however many times the
 * search was stopped and resumed and whatever the threads of each run.
 * With propagation (dlx_set_propagation()) the walk that cuts the tree
 * does not propagate, as in dlx_search_split(), so the nodes, updates and
 * branches depend on the cut: they are those of one uninterrupted call
 * started in as many threads as the first run, the solutions dlx_search()'s.
 *
 * A problem with bounds (dlx_set_item_bounds()) is not cut into jobs: as in
 * dlx_search_split(), each worker runs Algorithm M over the whole tree,
 * walks the nodes above a cut (planned for 512 leaves per thread of the
 * first run, a number the checkpoint keeps) and searches the leaves it
 * claims from a shared count.  Its checkpoint holds the claims handed out,
 * the totals of the leaves searched to their end, and each leaf claimed and
 * not finished: its number, and when its search had begun, the path from
 * the root into it, the leaves each stage of the cut had met and the
 * leaf's counters so far (about 112 bytes, plus 56 + 8 S per such leaf and
 * 8 per level of its path, S the cut's stages).  A resume runs each saved
 * leaf first, from its path or from the root, each run going on through
 * the tree claiming leaves, then as many runs from the root as threads
 * are left (one of them counts the walk above the cut); the final figures
 * are one uninterrupted dlx_search()'s.  A one-thread checkpoint of a
 * bounded search (dlx_search_resume()'s: one path, no cut) is refused.
 *
 * dlx_checkpoint_save() saves it from the caller's on_poll (which runs in
 * the calling thread, as for dlx_search_split()): each worker waits at its
 * next poll (within a poll interval) or at the end of its job while the state
 * is read, then goes on; or after a stop by a poll or node_limit.  Solutions
 * go to on_solution from the workers, one call at a time, in no fixed
 * order, and never while a save reads the state: dlx_checkpoint_save_with()
 * gets the caller's number (e.g. the length of the listing so far) then,
 * so that it stands for exactly the solutions counted.  A search stopped
 * by on_solution or solution_limit cannot be saved (#DLX_ERR_STATE): the
 * other workers may have found solutions past it, which were not reported.
 * The fingerprint and the refusals are dlx_search_resume()'s; a checkpoint
 * of a one-thread search (dlx_search_resume()) or of a part is refused
 * (#DLX_ERR_SYNTAX, err saying which), and dlx_search_resume() and
 * dlx_search_parts_resume() refuse this one's (a part's checkpoint in
 * threads is dlx_search_parts_split_resume()'s).  A checkpoint is about 120
 * bytes plus 56 per job under way and 8 per level of their paths.
 *
 * @param p       the problem (left as it was found when the call returns;
 *                no other call may use it meanwhile)
 * @param params  on_poll, poll_ctx and node_limit as dlx_search_split()
 *                (node_limit counts the saved nodes too, and stops the
 *                threads within a poll interval each of it); poll_interval
 *                the nodes between the workers' own polls (0: 4096), where
 *                they count nodes, see stops and wait for saves;
 *                on_solution and solution_limit as dlx_search_split()
 *                (solution_limit counts the saved solutions too: a limit
 *                they reach stops the search at once, #DLX_STOP_LIMIT)
 * @param threads worker threads (0 means 1); a clone of p each
 * @param ckpt    the bytes of such a checkpoint, or NULL to start
 * @param len     their number (0 with NULL)
 * @param stats   filled in as by dlx_search_split() (may be NULL)
 * @param err     what is wrong with a refused checkpoint (may be NULL)
 * @return as dlx_search_split(); #DLX_ERR_SYNTAX for a refused checkpoint;
 *         #DLX_ERR_INVALID for a NULL p or a NULL ckpt with len > 0;
 *         #DLX_ERR_STATE while an iterator searches p, or when p has both
 *         items with bounds and forced options.
 * Complexity: as dlx_search_split() (the cut made again on each call),
 * plus the fingerprint and the replay of each saved path; a save costs the
 * workers a wait of up to a poll interval each and O(size of the state).
 */
DLX_API int dlx_search_split_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads,
	const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err);

/**
 * Whether a checkpoint is one of dlx_search_split_resume() (*split true) or
 * of dlx_search_resume() or dlx_search_parts_resume() (false), after the
 * checks dlx_checkpoint_user() makes.
 *
 * @return #DLX_OK; #DLX_ERR_SYNTAX for bad bytes, with err saying which;
 *         #DLX_ERR_INVALID for a NULL ckpt or split.
 * Complexity: O(len).
 */
DLX_API int dlx_checkpoint_split(const void *ckpt, size_t len, bool *split, dlx_error_info *err);

/** Knuth's estimate of the size of a search tree (dlx_estimate_tree()). */
typedef struct dlx_estimate {
	uint64_t probes;         /**< random probes made */
	double nodes;            /**< estimated nodes, as dlx_stats.nodes would count them */
	double nodes_error;      /**< standard error of that estimate (0 when one probe each) */
	double solutions;        /**< estimated solutions */
	double solutions_error;  /**< standard error of that estimate */
	uint64_t updates;        /**< link updates the estimate made: what it cost */
	dlx_stop_reason stop;    /**< #DLX_STOP_COMPLETE, #DLX_STOP_POLL or #DLX_STOP_ERROR */
} dlx_estimate;

/**
 * Estimates the size of p's search tree, or of one part of it, without
 * searching it: Knuth's estimate from random probes (TAOCP 7.2.2).  A probe
 * walks from the root to a leaf, choosing among each node's children
 * uniformly; if the nodes on its way have d1, d2, ... children, it
 * estimates 1 + d1 + d1 d2 + ... nodes and, when it ends at a solution,
 * d1 d2 ... solutions.  Each estimate is unbiased: its mean over all
 * probes is the true count.  But its spread can be huge (a tree whose
 * bulk hides below a rare path), so the standard errors say how far to
 * trust the mean, and only roughly: a tree's size is usually
 * underestimated by a few probes, rarely overestimated.
 *
 * The tree is the one dlx_search() walks (its heuristic, the order of the
 * options, the forced options applied), its nodes counted as
 * dlx_stats.nodes counts them.  With a path (depth >= 1), the tree of that
 * part or piece as dlx_search_parts() cuts it, counted as its statistics
 * are (its jobs alone): the probes are shared among its jobs, at least two
 * each.  The probes run in the calling thread.  Deterministic for a given
 * seed.
 *
 * @param p       the problem (restored when the call returns)
 * @param probes  how many probes (at least 1); with parts, at least 2 per job
 * @param seed    the probes' random choices
 * @param path    NULL for the whole tree, or the part (as dlx_search_parts())
 * @param depth   path's levels (0 for the whole tree)
 * @param params  NULL, or on_poll and poll_ctx alone: called after every
 *                probe (so_far->nodes = the nodes the probes entered,
 *                progress = the share of probes done); non-zero stops,
 *                and out holds the estimate from the probes made
 * @param out     the estimate
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL p or out, probes = 0, or a
 *         path as dlx_search_parts() refuses it; #DLX_ERR_STATE while a
 *         dlx_iter searches p, or when propagation is on (its tree is not
 *         the one the probes walk), or for a path when p has items with
 *         bounds (the probes of a bounded problem walk Algorithm M's
 *         whole tree, each node's branches as its search enters them, on a
 *         copy of the links: 8 bytes per node, 12 with colors);
 *         #DLX_ERR_NOMEM.
 * Complexity: a probe costs, at each node on its way, what the search
 * spends at that node (a cover of the item branched on there, a commit
 * and an uncommit of each of its options); memory
 * O(longest item list).  With a path, plus the cut of the part's jobs, as
 * in dlx_search_parts().
 */
DLX_API int dlx_estimate_tree(dlx_problem *p, uint64_t probes, uint64_t seed, const dlx_part *path,
	size_t depth, const dlx_search_params *params, dlx_estimate *out);

/** The branching rule of a memoized count (dlx_memo_count()). */
typedef enum dlx_memo_order {
	/** The primary item with the fewest options left, the lowest-numbered on ties: dlx_search()'s rule */
	DLX_MEMO_MRV = 0,
	/**
	 * The first uncovered primary item in item order.  On boards whose
	 * items are cells in reading order it keeps the frontier between
	 * covered and uncovered cells a row wide, so that few distinct
	 * sub-problems arise (see BENCHMARKS.md).
	 */
	DLX_MEMO_FIRST = 1
} dlx_memo_order;

/** Parameters of a memoized count.  Start from #DLX_MEMO_PARAMS_INIT. */
typedef struct dlx_memo_params {
	dlx_memo_order order;   /**< the branching rule */
	size_t memory;          /**< bytes for the table of sub-problems and their counts; 0: #DLX_MEMO_DEFAULT_MEMORY */
} dlx_memo_params;

/** Default memoized count: the MRV rule, #DLX_MEMO_DEFAULT_MEMORY. */
#define DLX_MEMO_PARAMS_INIT { DLX_MEMO_MRV, 0 }

/** The memory budget when dlx_memo_params.memory is 0: 256 MiB. */
#define DLX_MEMO_DEFAULT_MEMORY ((size_t)256 << 20)

/** What a memoized count's table did (dlx_memo_count()). */
typedef struct dlx_memo_stats {
	uint64_t lookups;       /**< sub-problems looked up (nodes that branch on two or more options) */
	uint64_t hits;          /**< lookups that found the count */
	uint64_t stored;        /**< counts stored */
	uint64_t dropped;       /**< stored counts that a later one replaced for want of room */
	size_t peak_bytes;      /**< the most memory the table and its big counts held at once */
} dlx_memo_stats;

/**
 * Counts the solutions of p (its forced options applied) exactly, whatever
 * their number, by memoizing sub-problems: the count below a node of the
 * search depends only on the state of the items there (which primary
 * items are uncovered; each secondary item free, covered or purified to
 * a color), so each state's count is computed once and looked up when the
 * state comes back (Nishino, Yasuda, Minato and Nagata, "Dancing with
 * Decision Diagrams", AAAI 2017).  The table holds the full state of each
 * entry and compares it on every hit: a hash collision never passes for a
 * hit.  When the table reaches memo->memory bytes, new counts replace old
 * ones, which are computed again when needed: the count stays exact, the
 * search only grows.  Counts below 2^64 are kept in 64 bits; larger ones
 * in GMP numbers.
 *
 * @param p      the problem; restored to its state before the call when it
 *               returns, as dlx_search() does.  Its propagation mode must be
 *               #DLX_PROPAGATE_NONE (propagation leaves the counts as they
 *               are, but not which options a state leaves: refused)
 * @param params node_limit, solution_limit, on_poll, poll_ctx and
 *               poll_interval as for dlx_search() (nodes are the memoized
 *               search's; a limit of N solutions stops as soon as N are
 *               counted, and the count is then N).  on_solution must be
 *               NULL: a memoized count does not meet its solutions one by
 *               one.  With a split (below), node_limit is checked every
 *               4096 nodes of each thread, so the count may overrun it by
 *               that much per thread, as dlx_search_split() does.  NULL for
 *               #DLX_SEARCH_PARAMS_INIT
 * @param memo   the branching rule and the memory budget; NULL for
 *               #DLX_MEMO_PARAMS_INIT
 * @param split  NULL or 1 thread and no parts: the whole count, in the
 *               calling thread.  With parts = M, only part K: the same
 *               jobs as dlx_search_split() cuts for K/M (so a part's count
 *               equals dlx_search_split()'s for that part), counted one by
 *               one with one table for all of them.  threads > 1 counts
 *               the jobs (of the part, or of the whole) on that many
 *               threads, each with a table of its own of memo->memory
 *               bytes; polls then come from the calling thread about
 *               every 10 ms
 * @param count  receives the count as a decimal string (malloc'd, the
 *               caller frees it with free()): the exact count when the
 *               search completes; when a limit, a poll or an error stopped
 *               it, the solutions counted so far (a lower bound; for a
 *               solution limit, the limit).  NULL on an allocation failure
 *               or for an invalid argument; may be NULL itself
 * @param stats  filled in as by dlx_search(), may be NULL: solutions is
 *               the count when it is below 2^64, else UINT64_MAX; branches
 *               counts the nodes that branched on two or more options
 * @param mstats the table's statistics, may be NULL
 * Items with bounds (dlx_set_item_bounds()): Algorithm M's sub-problems
 * depend on which options its branches hid, not on the items' state, so
 * such a problem is counted by another search over the options: each
 * option in turn left out or taken (the options in the order of their
 * lowest-numbered item, then their number), a state being the option
 * reached and the state of the items open there (those both an earlier
 * and a later option contain: a count per primary item, free, covered or
 * a color per secondary one), so that on boards whose cells are items in
 * reading order a state is about a row of cells; the options' order is
 * that of the items, or of a breadth-first walk of the problem when that
 * keeps fewer items open.  The count goes level by level (a transfer
 * matrix: each level's distinct states with the number of ways to reach
 * them, two levels in memory at once, no table), levels of 4,096 states
 * or more on split->threads threads (each expands every state and keeps
 * the new states of its share of 64 shards by hash: the same states in
 * the same order on any threads), and where a level and its children
 * would pass about memo->memory times the threads (the walk is one, the
 * threads' memory together), on depth first from that level's states
 * with tables as above, as jobs on split->threads threads.  Part K of
 * M keeps, at the first level with 64 x M states or more, the states
 * K-1, K-1+M, ... of it (part 1 takes the last level's state when no
 * level has so many): the parts sum to the count, but they are not
 * dlx_search_split()'s parts, and each repeats the work below its
 * states that the others' share.  memo->order does not apply; nodes are
 * states expanded, and a solution_limit is applied when the count ends
 * (the levels know no solution before the last).  Options without a
 * primary item are left out, as Algorithm M leaves them.  Forced options
 * are refused with such a problem (#DLX_ERR_STATE), as is
 * dlx_memo_count_resume().
 *
 * @return #DLX_OK, also when stopped early (stats->stop says why);
 *         #DLX_ERR_INVALID for a NULL p, an on_solution, an unknown
 *         order, or a bad split (as dlx_search_split());
 *         #DLX_ERR_STATE while p propagates or a dlx_iter searches p, or
 *         for forced options of a problem with bounds;
 *         #DLX_ERR_NOMEM; #DLX_ERR_OVERFLOW if the node counter would wrap;
 *         #DLX_ERR_TOO_BIG with bounds when the items open at each option,
 *         summed over the options, pass 2^31.
 * Counts past 2^64 take memory through GMP, whose default allocator ends
 * the process when memory runs out (a count takes a few words; the table's
 * own memory is the library's and fails cleanly).
 * Complexity: at most that of dlx_search() plus a lookup per node (a hash
 * of the state kept up to date by each cover, O(items/64) to compare a
 * state); on problems whose sub-problems recur, far less: counts of 10^26
 * in seconds (BENCHMARKS.md).  Memory: memo->memory per table at most,
 * plus O(items) per level of the search.
 */
DLX_API int dlx_memo_count(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
	const dlx_split_params *split, char **count, dlx_stats *stats, dlx_memo_stats *mstats);

/**
 * dlx_memo_count() in a way that can be saved and resumed: from the start
 * (ckpt NULL, len 0), or from where the count saved in ckpt by
 * dlx_checkpoint_save() (called from on_poll, or after a stop by on_poll
 * or node_limit) stood.  The count is cut into the jobs dlx_memo_count()
 * cuts for a split (for the whole count, as for 512 jobs per thread of the
 * first run: a resume cuts the same jobs in any number of threads) and
 * counted by `split->threads` workers on copies of p, one too, each with
 * a table of its own, while the calling thread polls about every 10 ms.
 * A checkpoint holds the jobs not begun, each job under way (its path and
 * each level's count so far), the solutions counted so far (exactly), the
 * counters, and every worker's table entry by entry, in its slot, with its
 * budget: a count saved and resumed in one thread, however many times,
 * ends with the count, nodes, updates, branches and table statistics of
 * one uninterrupted run of this function in one thread.  In threads, those
 * figures depend on which thread's table met a state first, run or
 * resumed; the count is exact either way.  A resume in fewer threads than
 * tables saved lets the extra tables go (their counts are computed again
 * when met), and a resume in more starts the new tables empty.
 *
 * A checkpoint is about the size of the tables' entries (each: 20 bytes,
 * its key's words and its count's bytes: about 40 bytes on a board of 100
 * items, 71 on 18x18) and is built in memory, which a save takes again
 * while it runs.
 * Its fingerprint is dlx_search_resume()'s, with the part and the rule:
 * a checkpoint of another problem, part or rule, of a search that is not
 * a memoized count, of another version, truncated or corrupted, is
 * refused with #DLX_ERR_SYNTAX and err saying which, p untouched and
 * nothing counted; the other resumes refuse a memoized count's.
 *
 * @param p, params, memo, split, count, stats, mstats  as dlx_memo_count();
 *               node_limit and solution_limit count the totals, the
 *               checkpoint's included (a limit they reach stops the count
 *               at once); memo->memory is each new table's budget
 * @param ckpt   the bytes of a checkpoint, or NULL to start afresh
 * @param len    their number (0 with NULL)
 * @param err    what is wrong with a refused checkpoint (may be NULL)
 * @return as dlx_memo_count(); #DLX_ERR_SYNTAX for a refused checkpoint.
 * Complexity: as dlx_memo_count() with a split, plus, for a resume, the
 * covers of each saved path and O(size of the tables) to read them back;
 * a save costs O(size of the tables) while the workers wait.
 */
DLX_API int dlx_memo_count_resume(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
	const dlx_split_params *split, const void *ckpt, size_t len, char **count, dlx_stats *stats,
	dlx_memo_stats *mstats, dlx_error_info *err);

/**
 * A diagram of all the solutions of a problem: a zero-suppressed decision
 * diagram (ZDD) whose nodes are option choices.  Node 0 is the terminal
 * "bottom" (no solution), node 1 the terminal "top" (the empty solution);
 * nodes 2.. are (option, lo, hi): the solutions that take the option, each its
 * option and a solution of hi, and those that do not, the solutions of
 * lo; lo and hi are always lower ids than the node.  The solutions of a
 * diagram are those of its root.  Built by dlx_zdd_build(), or from
 * nodes by dlx_zdd_from_nodes() (Knuth's format layer reads and writes it
 * as text: dlx_ec_zdd_write(), dlx_ec_zdd_read()).  Read-only once made,
 * so threads may share one.
 */
typedef struct dlx_zdd dlx_zdd;

/**
 * The diagram of all the solutions of p, by the memoized search of
 * dlx_memo_count(): each state of the items met is a node of the diagram
 * (the first of a chain, one node for each of the branch's options that
 * has solutions, in option order), made once and looked up when the state
 * comes back.  Unlike a memoized count, a diagram cannot drop a node to
 * make room: when the nodes and the table of states need more than
 * memo->memory bytes the build fails.
 *
 * Items with bounds (dlx_set_item_bounds()): the diagram of the frontier
 * search of dlx_memo_count(), a level per option in its order (options by
 * their lowest-numbered item, then their number): the levels' states are
 * walked top down, each kept with its two children (about 8 bytes a
 * state, the keys of two levels at a time), then made into nodes bottom
 * up, a state whose taken branch has no solution being its other
 * child's node and equal nodes of a level made once; memo->order does
 * not apply and nodes are states.  Its nodes' children always have
 * options later in that order (which dlx_zdd_from_nodes() checks).
 *
 * @param p      the problem, restored when the call returns; no forced
 *               options, propagation #DLX_PROPAGATE_NONE
 * @param params node_limit, on_poll, poll_ctx and poll_interval as for
 *               dlx_search() (nodes are the memoized search's); a stopped
 *               build makes no diagram.  solution_limit and on_solution
 *               must be 0 and NULL.  NULL for #DLX_SEARCH_PARAMS_INIT
 * @param memo   the branching rule and the memory budget (0:
 *               #DLX_MEMO_DEFAULT_MEMORY); NULL for #DLX_MEMO_PARAMS_INIT
 * @param out    receives the diagram (free it with dlx_zdd_free()), or
 *               NULL when the build stopped or failed
 * @param stats  the search's statistics (solutions: the diagram's count,
 *               UINT64_MAX past 2^64; stop: why it ended), may be NULL
 * @return #DLX_OK, also when a limit or a poll stopped the build
 *         (stats->stop says which); #DLX_ERR_NOMEM when memory ran short
 *         or the diagram outgrew memo->memory (or 2^32-2 nodes);
 *         #DLX_ERR_INVALID for a NULL p or out, a solution limit or an
 *         on_solution, an unknown order; #DLX_ERR_STATE with forced
 *         options, propagation or a live dlx_iter; #DLX_ERR_TOO_BIG with
 *         bounds for more than 2^32 options or when the items open at
 *         each option, summed over the options, pass 2^31;
 *         #DLX_ERR_OVERFLOW if the node counter would wrap.
 * Counts past 2^64 take memory through GMP, whose default allocator ends
 * the process when memory runs out.
 * Complexity: that of dlx_memo_count() with a table that keeps
 * everything, plus O(nodes) to count them; memory about 12 bytes a node
 * and a table entry (8 bytes per 64 items, 16 more) per state.
 */
DLX_API int dlx_zdd_build(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
	dlx_zdd **out, dlx_stats *stats);

/**
 * A diagram from its nodes, checked against p: nodes 2..n+1 are
 * (option[k], lo[k], hi[k]) for k = 0..n-1, root is 0, 1 or one of them.
 * Every way through the diagram must be a solution of p and no two the
 * same solution: lo and hi lower than the node, hi never 0, options in
 * range; the options of a chain of lo links increasing and sharing a
 * primary item; the primary items under hi disjoint from the option's,
 * the same under lo as under the node, all of them at the root; no
 * secondary item taken twice on a way, or with two colors.  With items
 * with bounds, instead: every lo and hi link to a node whose option comes
 * later in the frontier search's order (dlx_zdd_build()), each option
 * one with a primary item; each primary item's least and most count over
 * the ways through the root within its bounds; no secondary item taken
 * twice on a way without one color.
 *
 * @param bad    receives, on #DLX_ERR_SYNTAX, the index k of the first node
 *               found wrong (n for the root); may be NULL
 * @return #DLX_OK with *out the diagram (dlx_zdd_free()); #DLX_ERR_SYNTAX
 *         for a diagram that fails a check; #DLX_ERR_INVALID for a NULL
 *         p or out, or arrays NULL with n > 0; #DLX_ERR_TOO_BIG for more
 *         than 2^32-3 nodes; #DLX_ERR_NOMEM.
 * Complexity: O(n option size log(items/64) + W) time, where W, the walks
 * that merge each secondary item's colors below the nodes that take it,
 * is at most n x secondary items and 0 without them; memory while
 * checking O(n + items), a few hundred bytes a node; with bounds
 * O(n (primary items + secondary items + option size x blocks)) time,
 * blocks of primary items taking 64 MB at most, and O(n secondary items)
 * memory.
 */
DLX_API int dlx_zdd_from_nodes(const dlx_problem *p, size_t n, const size_t *option, const size_t *lo,
	const size_t *hi, size_t root, dlx_zdd **out, size_t *bad);

/** Frees a diagram; NULL is allowed. */
DLX_API void dlx_zdd_free(dlx_zdd *z);

/** The diagram's nodes other than the two terminals; O(1). */
DLX_API size_t dlx_zdd_size(const dlx_zdd *z);

/** The root's id: 0 (no solution), 1 (the empty one) or a node's; O(1). */
DLX_API size_t dlx_zdd_root(const dlx_zdd *z);

/**
 * Node id's option and children.  @return #DLX_OK, #DLX_ERR_INVALID for an
 * id that is not 2..size+1 (the terminals have none).  O(1).
 */
DLX_API int dlx_zdd_node(const dlx_zdd *z, size_t id, size_t *option, size_t *lo, size_t *hi);

/**
 * A fingerprint of the problem the diagram is of (its items, options and
 * colors, 64 bits of FNV-1a), which a diagram read back is checked
 * against; O(1).
 */
DLX_API uint64_t dlx_zdd_fingerprint(const dlx_zdd *z);

/** The fingerprint of p as dlx_zdd_fingerprint() reports it.  O(nodes of p). */
DLX_API uint64_t dlx_problem_fingerprint(const dlx_problem *p);

/**
 * The number of solutions in decimal, exact at any size (malloc'd, the
 * caller frees it), or NULL when memory is short.  O(digits).
 */
DLX_API char *dlx_zdd_count(const dlx_zdd *z);

/**
 * Calls fn for each solution of the diagram (at most limit of them; 0:
 * all), as dlx_search() does: options of a solution in no fixed order, the
 * array valid during the call.  Solutions come in the order of the
 * diagram (the lower option first at each branch), not dlx_search()'s.
 *
 * @param visited receives the number of calls made; may be NULL
 * @return #DLX_OK (also when fn stopped it by returning non-zero);
 *         #DLX_ERR_INVALID for a NULL z or fn; #DLX_ERR_NOMEM.
 * Complexity: O(nodes on the way) per solution, no search; memory
 * O(the most options a solution takes: the primary items, more with
 * bounds).
 */
DLX_API int dlx_zdd_visit(const dlx_zdd *z, uint64_t limit, dlx_solution_fn fn, void *ctx, uint64_t *visited);

/**
 * Draws n solutions uniformly at random, independently (with repeats), and
 * calls fn for each as dlx_zdd_visit() does: a number r drawn uniformly
 * below the count (by rejection, no modulo bias; GMP past 2^64), then a
 * descent that takes a node's option when r is below its hi's count and
 * else subtracts that count and goes to lo.  The draws follow from seed
 * alone (splitmix64): the same seed, the same solutions, on any machine.
 * A diagram with no solution draws none.
 *
 * @return #DLX_OK (also when fn stopped it); #DLX_ERR_INVALID for a NULL z
 *         or fn; #DLX_ERR_NOMEM.
 * Complexity: O(depth of the diagram) per draw (times the count's words
 * past 2^64); memory O(the most options a solution takes).
 */
DLX_API int dlx_zdd_sample(const dlx_zdd *z, uint64_t n, uint64_t seed, dlx_solution_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* DLX_H */
