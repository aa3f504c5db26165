/*
 * Lets libfaketime (Debian's faketime package) run workerd, whose allocator is tcmalloc.
 *
 * libfaketime's initialisation looks symbols up with dlsym; a failed lookup allocates; the
 * first allocation initialises tcmalloc, which reads the clock and polls; libfaketime
 * intercepts those and initialises again, allocating again inside tcmalloc's
 * initialisation: workerd deadlocks before main. Preloaded ahead of libfaketime, this
 * library answers those clock and poll calls straight from the kernel until it has made
 * the first allocation itself (so tcmalloc is ready), and hands every later call to
 * libfaketime. Other programs are unaffected.
 *
 * Built and preloaded by scripts/test-at.ts; see README "Tests at another hour".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static int ready;

#define NEXT(name) \
  static __typeof__(name) *next; \
  if (!next) next = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

int poll(struct pollfd *fds, nfds_t nfds, int timeout) {
  if (!ready) return syscall(SYS_poll, fds, nfds, timeout);
  NEXT(poll);
  return next(fds, nfds, timeout);
}

int clock_gettime(clockid_t clock, struct timespec *tp) {
  if (!ready) return syscall(SYS_clock_gettime, clock, tp);
  NEXT(clock_gettime);
  return next(clock, tp);
}

int nanosleep(const struct timespec *request, struct timespec *remaining) {
  if (!ready) return syscall(SYS_nanosleep, request, remaining);
  NEXT(nanosleep);
  return next(request, remaining);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
  if (!ready) return syscall(SYS_clock_nanosleep, clock, flags, request, remaining);
  NEXT(clock_nanosleep);
  return next(clock, flags, request, remaining);
}

int gettimeofday(struct timeval *tv, void *tz) {
  if (!ready) return syscall(SYS_gettimeofday, tv, tz);
  NEXT(gettimeofday);
  return next(tv, tz);
}

__attribute__((constructor(101))) static void allocate_first(void) {
  free(malloc(1));
  ready = 1;
}
