// Parallel collision search (van Oorschot-Wiener distinguished points) on the first 60 bits of
// SHA-256 over two message families: prefix[f] + NAME + suffix[f], where NAME is 12 base-32
// characters spelling a 60-bit value x and f is x's top bit. A collision f(x) = f(y) with
// different families gives two rosters with one version-1 check code. Built and run by
// search.ts; never by `npm test`. Usage: search PREFIX0 SUFFIX0 PREFIX1 SUFFIX1 (files).
#define _GNU_SOURCE
#include <openssl/sha.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DP_BITS 18
#define MAX_CHAIN (40u << DP_BITS)
#define MASK60 ((1ULL << 60) - 1)
static const char ALPHABET[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static SHA256_CTX mid[2];
static char *suffix[2];
static size_t suffixLen[2];

static char *slurp(const char *file, size_t *len) {
  FILE *f = fopen(file, "rb");
  if (!f) { perror(file); exit(2); }
  fseek(f, 0, SEEK_END); *len = (size_t)ftell(f); fseek(f, 0, SEEK_SET);
  char *buf = malloc(*len + 1);
  if (fread(buf, 1, *len, f) != *len) { perror(file); exit(2); }
  fclose(f);
  return buf;
}

static void nameOf(uint64_t x, char out[12]) {
  for (int i = 0; i < 12; i++) out[i] = ALPHABET[(x >> (55 - 5 * i)) & 31];
}

static inline int family(uint64_t x) { return (int)((x >> 59) & 1); }

static inline uint64_t step(uint64_t x) {
  int f = family(x);
  char name[12];
  unsigned char d[32];
  SHA256_CTX c = mid[f];
  nameOf(x, name);
  SHA256_Update(&c, name, 12);
  SHA256_Update(&c, suffix[f], suffixLen[f]);
  SHA256_Final(d, &c);
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = (v << 8) | d[i];
  return v >> 4; // the first 60 bits: the 12 characters of a version-1 check code
}

typedef struct { uint64_t dp, start, len; } Entry;
static Entry *table;
static size_t tableSize = 1 << 20, used;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int done;
static volatile uint64_t evaluations;

static int resolve(uint64_t a, uint64_t la, uint64_t b, uint64_t lb) {
  while (la > lb) { a = step(a); la--; }
  while (lb > la) { b = step(b); lb--; }
  if (a == b) return 0; // one chain ran into the other's start
  for (uint64_t i = 0; i < la; i++) {
    uint64_t na = step(a), nb = step(b);
    if (na == nb) {
      if (family(a) == family(b)) { fprintf(stderr, "collision within one family, going on\n"); return 0; }
      char n0[13] = {0}, n1[13] = {0};
      uint64_t x0 = family(a) == 0 ? a : b, x1 = family(a) == 0 ? b : a;
      nameOf(x0, n0); nameOf(x1, n1);
      char code[13] = {0}; nameOf(na, code);
      printf("%s %s %s\n", n0, n1, code);
      fflush(stdout);
      return 1;
    }
    a = na; b = nb;
  }
  return 0;
}

static uint64_t rng(uint64_t *s) { *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17; return *s; }

static void *worker(void *arg) {
  uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)(uintptr_t)arg * 0x9E3779B97F4A7C15ULL);
  while (!done) {
    uint64_t start = rng(&seed) & MASK60, x = start, len = 0;
    while (len < MAX_CHAIN) {
      x = step(x); len++;
      if ((x & ((1u << DP_BITS) - 1)) == 0) break;
    }
    __sync_fetch_and_add(&evaluations, len);
    if (len >= MAX_CHAIN) continue;
    pthread_mutex_lock(&lock);
    size_t h = (size_t)(x >> DP_BITS) % tableSize;
    while (table[h].len && table[h].dp != x) h = (h + 1) % tableSize;
    if (!table[h].len) {
      table[h] = (Entry){x, start, len};
      used++;
      pthread_mutex_unlock(&lock);
      continue;
    }
    Entry other = table[h];
    pthread_mutex_unlock(&lock);
    if (other.start != start && resolve(start, len, other.start, other.len)) done = 1;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 5) { fprintf(stderr, "usage: search PREFIX0 SUFFIX0 PREFIX1 SUFFIX1\n"); return 2; }
  for (int f = 0; f < 2; f++) {
    size_t n;
    char *prefix = slurp(argv[1 + 2 * f], &n);
    SHA256_Init(&mid[f]);
    SHA256_Update(&mid[f], prefix, n);
    suffix[f] = slurp(argv[2 + 2 * f], &suffixLen[f]);
  }
  table = calloc(tableSize, sizeof(Entry));
  int threads = argc > 5 ? atoi(argv[5]) : 2;
  pthread_t t[64];
  time_t began = time(NULL);
  for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(i + 1));
  while (!done) {
    struct timespec ts = {10, 0};
    nanosleep(&ts, NULL);
    fprintf(stderr, "%lds: %.2f x 2^30 hashes, %zu distinguished points\n", (long)(time(NULL) - began), evaluations / 1073741824.0, used);
  }
  for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
  return 0;
}
