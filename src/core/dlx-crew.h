/*
 * What the workers of a search in threads that can be saved share with the
 * calling thread (dlx-checkpoint-split.c's jobs, dlx-checkpoint-msplit.c's
 * claims): the lock, the stop, the nodes counted for node_limit, the
 * parking that lets a save read every worker's state, solutions reported
 * one at a time, and the wait that runs the caller's polls.  Not installed.
 *
 * Parking: a worker is busy while it searches; at each poll it parks
 * (waits, not busy) while `park` is up, and between searches it takes no
 * work while it is.  dlx__crew_park_all() raises it and returns once no
 * worker is busy, so that their states stand still until
 * dlx__crew_unpark().  A worker inside on_solution is busy, so a save
 * never reads the state with a solution half reported.
 */
#ifndef DLX_CREW_H
#define DLX_CREW_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "dlx.h"

struct dlx__crew {
	const dlx_search_params *params;
	pthread_mutex_t mu;             /* the crew's lock; the owner guards its shared state with it too */
	pthread_cond_t done, parked, go;
	unsigned running, busy;         /* guarded by mu: workers not finished; searching and not parked */
	bool park;                      /* guarded by mu */
	atomic_int stop;                /* a dlx_stop_reason: COMPLETE while the search goes on */
	atomic_uint_fast64_t nodes;     /* counted for node_limit */
	int rc;                         /* guarded by mu: the first error of a worker's search */
	pthread_mutex_t sol;            /* one on_solution at a time; guards reported and sol_stop */
	uint64_t reported;              /* solutions reported, those of the checkpoint included */
	int sol_stop;                   /* DLX_STOP_LIMIT or DLX_STOP_CALLBACK once they stopped the search */
};

/* The lock, conditions and counters, nothing counted. */
void dlx__crew_init(struct dlx__crew *c, const dlx_search_params *params);

/*
 * The nodes and solutions the checkpoint counts, before the workers start:
 * stopped at once (node_limit, solution_limit) when they reach params'
 * limits, where the search would have stopped.
 */
void dlx__crew_begin(struct dlx__crew *c, uint64_t nodes, uint64_t reported);
void dlx__crew_destroy(struct dlx__crew *c);

/* The first stop wins. */
void dlx__crew_set_stop(struct dlx__crew *c, dlx_stop_reason why);

/* Adds a worker's nodes since *polled (nodes: its count now), and stops everyone at node_limit. */
void dlx__crew_count(struct dlx__crew *c, uint64_t *polled, uint64_t nodes);

/* At a busy worker's poll, mu held: waits while a save reads the states. */
void dlx__crew_park_here(struct dlx__crew *c);

/* Between searches, mu held: waits while a save reads the states, before taking work. */
void dlx__crew_wait_unparked(struct dlx__crew *c);

/*
 * A worker's search ended with rc, mu held (the worker has recorded what it
 * counted): the worker is no longer busy, the first error is kept and
 * stops everyone; mu is released.
 */
void dlx__crew_end_search(struct dlx__crew *c, int rc);

/* Starts a worker; false when the thread could not be made. */
bool dlx__crew_start(struct dlx__crew *c, pthread_t *thread, void *(*fn)(void *), void *arg);

/* A worker's last act: the wait in dlx__crew_wait() may end. */
void dlx__crew_leave(struct dlx__crew *c);

/* Parks every worker; returns with mu held and none busy.  Then dlx__crew_unpark(). */
void dlx__crew_park_all(struct dlx__crew *c);
void dlx__crew_unpark(struct dlx__crew *c);

/*
 * A worker's solution (a dlx_solution_fn, crew its ctx): reported to the
 * caller's on_solution, one at a time, unless on_solution or the solution
 * limit stopped the search, which it then stops; non-zero to stop.
 */
int dlx__crew_solution(void *crew, const size_t *options, size_t n);

/*
 * Waits until every worker is done, running the caller's poll about every
 * 10 ms in this thread with the figures so_far() gives (called with mu
 * held); a poll that says stop stops the workers.
 */
void dlx__crew_wait(struct dlx__crew *c, dlx_stats (*so_far)(void *ctx), void *ctx);

/* Why the search ended: the limit or on_solution when they stopped it (after a poll's stop too), else the stop. */
dlx_stop_reason dlx__crew_reason(struct dlx__crew *c);

/* Waits on cond (mu held) for 10 ms at most: the calling thread's beat. */
void dlx__wait_10ms(pthread_cond_t *cond, pthread_mutex_t *mu);

/* a += b; DLX_ERR_OVERFLOW in *rc where a count would wrap (then that count is left). */
void dlx__stats_add(dlx_stats *a, const dlx_stats *b, int *rc);
void dlx__count_add(uint64_t *a, uint64_t b, int *rc);

#endif
