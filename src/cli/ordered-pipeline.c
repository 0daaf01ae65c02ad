/*
 * The ordered pipeline of ordered-pipeline.h.
 *
 * One mutex guards three counters that only grow: `published` items were
 * read, `claimed` were taken by workers, `written` were written.  Slot
 * seq % window belongs to the producer while seq >= published, to a worker
 * between its claim and done[], and to the writer until written passes it;
 * so slot contents are touched outside the lock by one thread at a time and
 * the mutex hand-offs order those accesses.  Threads sleep only when they
 * must, and are woken only when someone waits, so a run of short puzzles
 * costs a few uncontended lock operations per puzzle.
 *
 * Wake-ups come in batches: the producer, once the window is full, sleeps
 * until half of it is free, and a worker wakes the sleeping writer only
 * when WRITE_BATCH answers are ready to go (or when nothing else will
 * come soon).  Waking them for every puzzle cost 11% more CPU time on two
 * threads, 200,000 context switches for 100,000 puzzles.
 */
#define _POSIX_C_SOURCE 200809L
#include "ordered-pipeline.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

/* Answers done before a worker wakes the writer (see above). */
#define WRITE_BATCH 16

struct pipeline {
	const struct pipeline_ops *ops;
	void **slots;
	size_t window;
	pthread_mutex_t mu;
	pthread_cond_t work;   /* workers: an item was published, or the input ended */
	pthread_cond_t space;  /* producer: a slot was freed; also "the run is over" */
	pthread_cond_t head;   /* writer: the oldest item is done, or the input ended */
	pthread_cond_t turn;   /* streaming workers: written moved on */
	uint64_t published, claimed, written;
	uint64_t n_done;       /* items done and not yet written */
	bool *done;
	bool input_ended;
	bool finished;         /* the writer is done: the producer may leave */
	atomic_bool stop;
	unsigned idle_workers, turn_waiters;
	bool producer_waiting, writer_waiting;
};

struct worker_thread_arg {
	struct pipeline *pl;
	unsigned index;
};

bool pipeline_stopping(const struct pipeline *pl)
{
	return atomic_load_explicit(&pl->stop, memory_order_relaxed);
}

static void *producer_thread(void *arg)
{
	struct pipeline *pl = arg;
	/*
	 * The signals come here: a read blocked on a terminal then fails with
	 * EINTR, which ends the input, instead of holding up the whole run.
	 */
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);

	pthread_mutex_lock(&pl->mu);
	for (;;) {
		if (pl->published - pl->written >= pl->window) {
			while (!pipeline_stopping(pl) && pl->published - pl->written > pl->window / 2) {
				pl->producer_waiting = true;
				pthread_cond_wait(&pl->space, &pl->mu);
				pl->producer_waiting = false;
			}
		}
		if (pipeline_stopping(pl))
			break;
		uint64_t seq = pl->published;
		pthread_mutex_unlock(&pl->mu);
		int r = pl->ops->read(pl->ops->ctx, pl->slots[seq % pl->window]);
		pthread_mutex_lock(&pl->mu);
		if (r <= 0) {
			pl->input_ended = true;
			pthread_cond_broadcast(&pl->work);
			pthread_cond_signal(&pl->head);
			break;
		}
		pl->done[seq % pl->window] = false;
		pl->published++;
		if (pl->idle_workers)
			pthread_cond_signal(&pl->work);
	}
	/* Stay until the end: with the signals blocked elsewhere, a Ctrl-C needs a thread to land on. */
	while (!pl->finished)
		pthread_cond_wait(&pl->space, &pl->mu);
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

static void *worker_thread(void *arg)
{
	struct worker_thread_arg *wa = arg;
	struct pipeline *pl = wa->pl;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		while (!pipeline_stopping(pl) && pl->claimed == pl->published && !pl->input_ended) {
			pl->idle_workers++;
			pthread_cond_wait(&pl->work, &pl->mu);
			pl->idle_workers--;
		}
		if (pipeline_stopping(pl) || pl->claimed == pl->published)
			break;
		uint64_t seq = pl->claimed++;
		pthread_mutex_unlock(&pl->mu);
		pl->ops->process(pl->ops->ctx, pl, wa->index, pl->slots[seq % pl->window], seq);
		pthread_mutex_lock(&pl->mu);
		pl->done[seq % pl->window] = true;
		pl->n_done++;
		/*
		 * Wake the writer for a batch, or when no unclaimed work is left
		 * (the end of the input, or a window the producer cannot refill
		 * before the writer frees it).
		 */
		if (pl->writer_waiting && pl->done[pl->written % pl->window] &&
		    (pl->n_done >= WRITE_BATCH || pl->claimed == pl->published))
			pthread_cond_signal(&pl->head);
	}
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

bool pipeline_wait_turn(struct pipeline *pl, uint64_t seq)
{
	pthread_mutex_lock(&pl->mu);
	/* The items before this one may be done, waiting for a batch that this wait would hold up. */
	if (pl->writer_waiting)
		pthread_cond_signal(&pl->head);
	while (!pipeline_stopping(pl) && pl->written != seq) {
		pl->turn_waiters++;
		pthread_cond_wait(&pl->turn, &pl->mu);
		pl->turn_waiters--;
	}
	bool ok = !pipeline_stopping(pl);
	pthread_mutex_unlock(&pl->mu);
	return ok;
}

static void deadline_after(struct timespec *ts, double secs)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	long ns = ts->tv_nsec + (long)(secs * 1e9);
	ts->tv_sec += ns / 1000000000L;
	ts->tv_nsec = ns % 1000000000L;
}

/* The writer's loop, in the calling thread; returns the first non-zero write(). */
static int write_in_order(struct pipeline *pl)
{
	const struct pipeline_ops *ops = pl->ops;
	int result = 0;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		bool ready = false;
		for (;;) {
			if (pl->written < pl->published && pl->done[pl->written % pl->window]) {
				ready = true;
				break;
			}
			if (pl->input_ended && pl->written == pl->published)
				break;
			pl->writer_waiting = true;
			if (ops->idle && ops->idle_interval > 0) {
				struct timespec ts;
				deadline_after(&ts, ops->idle_interval);
				int rc = pthread_cond_timedwait(&pl->head, &pl->mu, &ts);
				pl->writer_waiting = false;
				if (rc == ETIMEDOUT) {
					pthread_mutex_unlock(&pl->mu);
					ops->idle(ops->ctx);
					pthread_mutex_lock(&pl->mu);
				}
			} else {
				pthread_cond_wait(&pl->head, &pl->mu);
				pl->writer_waiting = false;
			}
		}
		if (!ready)
			break;
		void *slot = pl->slots[pl->written % pl->window];
		pthread_mutex_unlock(&pl->mu);
		result = ops->write(ops->ctx, slot);
		pthread_mutex_lock(&pl->mu);
		if (result)
			break;
		pl->written++;
		pl->n_done--;
		if (pl->producer_waiting && pl->published - pl->written <= pl->window / 2)
			pthread_cond_signal(&pl->space);
		if (pl->turn_waiters)
			pthread_cond_broadcast(&pl->turn);
	}
	atomic_store(&pl->stop, true);
	pl->finished = true;
	pthread_cond_broadcast(&pl->work);
	pthread_cond_broadcast(&pl->space);
	pthread_cond_broadcast(&pl->turn);
	pthread_mutex_unlock(&pl->mu);
	return result;
}

int pipeline_run(const struct pipeline_ops *ops, unsigned threads, void **slots, size_t window)
{
	if (threads < 1 || window < 1)
		return -1;
	struct pipeline pl = { 0 };
	pl.ops = ops;
	pl.slots = slots;
	pl.window = window;
	atomic_init(&pl.stop, false);
	pl.done = calloc(window, sizeof *pl.done);
	pthread_t *tid = calloc((size_t)threads + 1, sizeof *tid);
	struct worker_thread_arg *wa = calloc(threads, sizeof *wa);
	pthread_condattr_t ca;
	bool ok = pl.done && tid && wa && pthread_condattr_init(&ca) == 0;
	if (!ok) {
		free(pl.done);
		free(tid);
		free(wa);
		return -1;
	}
	/* The writer's timed waits measure intervals: immune to clock changes. */
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.work, NULL);
	pthread_cond_init(&pl.space, NULL);
	pthread_cond_init(&pl.head, &ca);
	pthread_cond_init(&pl.turn, NULL);
	pthread_condattr_destroy(&ca);

	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	/* Workers first: if none can start, nothing has been read and the caller can fall back. */
	unsigned started = 0;
	for (; started < threads; started++) {
		wa[started].pl = &pl;
		wa[started].index = started;
		if (pthread_create(&tid[started + 1], NULL, worker_thread, &wa[started]) != 0)
			break;
	}
	int result = -1;
	if (started > 0 && pthread_create(&tid[0], NULL, producer_thread, &pl) == 0) {
		/* Fewer workers than asked still finish the run. */
		result = write_in_order(&pl);
		pthread_join(tid[0], NULL);
	} else {
		pthread_mutex_lock(&pl.mu);
		atomic_store(&pl.stop, true);
		pl.finished = true;
		pthread_cond_broadcast(&pl.work);
		pthread_mutex_unlock(&pl.mu);
	}
	for (unsigned t = 0; t < started; t++)
		pthread_join(tid[t + 1], NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.work);
	pthread_cond_destroy(&pl.space);
	pthread_cond_destroy(&pl.head);
	pthread_cond_destroy(&pl.turn);
	free(pl.done);
	free(tid);
	free(wa);
	return result;
}
