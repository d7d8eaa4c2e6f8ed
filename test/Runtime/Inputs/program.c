/* A stand-in for a compiled program: the entry table the ahead-of-time
 * driver consumes, with two host-only entries (no GPU code): `first`
 * returns its first input as its result, as compiled code may; `second`
 * has another signature. */
#include <stdint.h>
#include <string.h>

struct MemRef2 {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};

static void first(struct MemRef2 *result, struct MemRef2 *a, void *b) {
  (void)b;
  memcpy(result, a, sizeof(*result));
}

static void second(struct MemRef2 *result, struct MemRef2 *a) {
  memcpy(result, a, sizeof(*result));
}

const int fuse_aot_entry_count = 2;
/* Not a distributed program: no MPI job. */
const int fuse_aot_ranks = 0;
const char *const fuse_aot_entry_names[] = {"first", "second"};
const char *const fuse_aot_signatures[] = {"f32[2,3],i32[]->f32[2,3]",
                                           "f64[4,1]->f64[4,1]"};
void (*const fuse_aot_entries[])(void) = {(void (*)(void))first,
                                          (void (*)(void))second};
