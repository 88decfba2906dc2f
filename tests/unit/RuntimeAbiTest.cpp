// The C functions of the runtime that generated code calls (runtime/Abi.h):
// errors, aligned buffers, integer pow and the parallel-for.

#include "runtime/Abi.h"
#include "runtime/BlockCache.h"
#include "runtime/CheckpointBudget.h"
#include "runtime/Parallel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// ---- errors -----------------------------------------------------------------------

TEST(RuntimeCheckpointBudget, ByteCountsTakeBinarySuffixes) {
  using arr::runtime::parseByteCount;
  EXPECT_EQ(parseByteCount("0"), 0);
  EXPECT_EQ(parseByteCount("1000"), 1000);
  EXPECT_EQ(parseByteCount("7B"), 7);
  EXPECT_EQ(parseByteCount("3k"), 3 << 10);
  EXPECT_EQ(parseByteCount("512M"), int64_t{512} << 20);
  EXPECT_EQ(parseByteCount("2GiB"), int64_t{2} << 30);
  EXPECT_EQ(parseByteCount("1tb"), int64_t{1} << 40);
  EXPECT_EQ(parseByteCount("9223372036854775807"), std::numeric_limits<int64_t>::max());
  for (const char* bad :
       {"", "M", "-1", "1.5G", "2 G", "2X", "2GBB", "9223372036854775808", "8388608T", " 5"})
    EXPECT_EQ(parseByteCount(bad), std::nullopt) << bad;
}

TEST(RuntimeCheckpointBudget, EnvironmentProblemsNameTheVariable) {
  setenv("ARR_CHECKPOINT_BUDGET", "lots", 1);
  EXPECT_EQ(arr::runtime::checkpointBudgetProblem(),
            "ARR_CHECKPOINT_BUDGET='lots' is not a number of bytes (digits, optionally followed "
            "by K, M, G or T)");
  setenv("ARR_CHECKPOINT_BUDGET", "64M", 1);
  EXPECT_EQ(arr::runtime::checkpointBudgetProblem(), "");
  setenv("ARR_CHECKPOINT_BUDGET", "", 1); // empty: as if unset
  EXPECT_EQ(arr::runtime::checkpointBudgetProblem(), "");
  unsetenv("ARR_CHECKPOINT_BUDGET");
  EXPECT_EQ(arr::runtime::checkpointBudgetProblem(), "");
}

TEST(RuntimeCheckpointBudget, AvailableMemoryIsBoundedByPhysicalMemory) {
  int64_t available = arr::runtime::memoryAvailable();
  EXPECT_GT(available, 0);
  EXPECT_LE(available, int64_t(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE));
}

TEST(RuntimeErrors, LastErrorIsPerThread) {
  arrrt_set_error("");
  EXPECT_STREQ(arr_last_error(), "");
  arrrt_set_error("parameter 'x' is wrong");
  EXPECT_STREQ(arr_last_error(), "parameter 'x' is wrong");
  std::string seenByOther;
  std::thread other([&] {
    seenByOther = arr_last_error();
    arrrt_set_error("another thread's message");
  });
  other.join();
  EXPECT_EQ(seenByOther, "");
  EXPECT_STREQ(arr_last_error(), "parameter 'x' is wrong");
  arrrt_set_error(nullptr);
  EXPECT_STREQ(arr_last_error(), "");
}

TEST(RuntimeErrors, NegativeDimensionInTheInterpretersWords) {
  arrrt_set_negative_dimension_error("n-5", -2);
  EXPECT_STREQ(arr_last_error(), "the dimension n-5 evaluates to -2, a negative size");
}

// ---- memory -----------------------------------------------------------------------

TEST(RuntimeMemory, AlignedAndZeroFilled) {
  for (int64_t bytes : {0, 1, 7, 63, 64, 65, 1000, 1 << 20, (1 << 24) + 3}) {
    auto* data = static_cast<unsigned char*>(arrrt_alloc(bytes, 1));
    ASSERT_NE(data, nullptr) << bytes;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % 64, 0u) << bytes;
    EXPECT_TRUE(std::all_of(data, data + bytes, [](unsigned char b) { return b == 0; })) << bytes;
    std::fill(data, data + bytes, 0xAB); // the whole block is writable
    arrrt_free(data);
  }
  arrrt_free(nullptr);
}

TEST(RuntimeMemory, ReusedMemoryIsZeroedAgain) {
  for (int round = 0; round < 4; ++round) {
    auto* data = static_cast<unsigned char*>(arrrt_alloc(512, 8));
    EXPECT_TRUE(std::all_of(data, data + 4096, [](unsigned char b) { return b == 0; }));
    std::fill(data, data + 4096, 0xFF);
    arrrt_free(data);
  }
}

TEST(RuntimeMemory, ScratchIsAlignedAndWritable) {
  for (int64_t bytes : {0, 1, 63, 65, 1 << 20, (1 << 24) + 3}) {
    auto* data = static_cast<unsigned char*>(arrrt_alloc_scratch(bytes, 1));
    ASSERT_NE(data, nullptr) << bytes;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % 64, 0u) << bytes;
    std::fill(data, data + bytes, 0xAB);
    EXPECT_TRUE(std::all_of(data, data + bytes, [](unsigned char b) { return b == 0xAB; }));
    arrrt_free(data);
  }
  arrrt_set_error("");
  EXPECT_EQ(arrrt_alloc_scratch(-1, 8), nullptr);
  EXPECT_STREQ(arr_last_error(),
               "out of memory: cannot allocate an array whose element count overflows i64"
               " (the gradient of a long loop keeps fewer of its states when compiled with "
               "arrc --loop-checkpoints=sqrt)");
  EXPECT_EQ(arrrt_alloc_scratch(int64_t{1} << 50, 8), nullptr);
  EXPECT_STREQ(arr_last_error(),
               "out of memory: cannot allocate 1125899906842624 elements of 8 bytes"
               " (the gradient of a long loop keeps fewer of its states when compiled with "
               "arrc --loop-checkpoints=sqrt)");
}

// A released large block serves the next scratch request of about its size (no page
// faults on the next call of an entry), never a zero-filled request, and never a request
// of less than half its size.
TEST(RuntimeMemory, ScratchReusesReleasedLargeBlocks) {
  if (!arr::runtime::kCacheBlocks)
    GTEST_SKIP() << "AddressSanitizer: released blocks go back to malloc";
  constexpr int64_t kBytes = int64_t{1} << 20;
  auto* first = static_cast<unsigned char*>(arrrt_alloc_scratch(kBytes, 1));
  ASSERT_NE(first, nullptr);
  std::fill(first, first + kBytes, 0xFF);
  arrrt_free(first);
  auto* zeroed = static_cast<unsigned char*>(arrrt_alloc(kBytes, 1));
  ASSERT_NE(zeroed, nullptr);
  EXPECT_NE(zeroed, first);
  EXPECT_TRUE(std::all_of(zeroed, zeroed + kBytes, [](unsigned char b) { return b == 0; }));
  auto* small = static_cast<unsigned char*>(arrrt_alloc_scratch(kBytes / 4, 1));
  EXPECT_NE(small, first);
  auto* again = static_cast<unsigned char*>(arrrt_alloc_scratch(kBytes - 100, 1));
  EXPECT_EQ(again, first);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(again) % 64, 0u);
  std::fill(again, again + kBytes, 0x11); // the whole block is still there
  for (void* block :
       {static_cast<void*>(zeroed), static_cast<void*>(small), static_cast<void*>(again)})
    arrrt_free(block);
}

// Threads allocating and releasing large blocks at once never share one.
TEST(RuntimeMemory, ScratchBlocksAreNeverHandedOutTwice) {
  std::vector<std::thread> threads;
  std::atomic<int> overwritten{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &overwritten] {
      for (int round = 0; round < 200; ++round) {
        int64_t count = (int64_t{1} << 15) + (round % 3) * 1000;
        auto* data = static_cast<int64_t*>(arrrt_alloc_scratch(count, 8));
        if (!data) continue;
        int64_t mark = t * 1000 + round;
        std::fill(data, data + count, mark);
        std::this_thread::yield();
        if (!std::all_of(data, data + count, [mark](int64_t v) { return v == mark; }))
          ++overwritten;
        arrrt_free(data);
      }
    });
  for (std::thread& thread : threads)
    thread.join();
  EXPECT_EQ(overwritten.load(), 0);
}

TEST(RuntimeMemory, FailureReturnsNullWithAMessage) {
  arrrt_set_error("");
  // Byte counts past int64_t, and the negative count that stands for an element count
  // that overflowed, fail before calling calloc.
  EXPECT_EQ(arrrt_alloc(int64_t{1} << 61, 8), nullptr);
  EXPECT_STREQ(arr_last_error(),
               "out of memory: cannot allocate 2305843009213693952 elements of 8 bytes"
               " (the gradient of a long loop keeps fewer of its states when compiled with "
               "arrc --loop-checkpoints=sqrt)");
  EXPECT_EQ(arrrt_alloc(kMax - 8, 1), nullptr);
  EXPECT_EQ(arrrt_alloc(-1, 8), nullptr);
  EXPECT_STREQ(arr_last_error(),
               "out of memory: cannot allocate an array whose element count overflows i64"
               " (the gradient of a long loop keeps fewer of its states when compiled with "
               "arrc --loop-checkpoints=sqrt)");
  // More than any machine has: calloc itself fails.
  arrrt_set_error("");
  EXPECT_EQ(arrrt_alloc(int64_t{1} << 50, 8), nullptr);
  EXPECT_STREQ(arr_last_error(),
               "out of memory: cannot allocate 1125899906842624 elements of 8 bytes"
               " (the gradient of a long loop keeps fewer of its states when compiled with "
               "arrc --loop-checkpoints=sqrt)");
  // And the next allocation works.
  void* data = arrrt_alloc(16, 8);
  EXPECT_NE(data, nullptr);
  arrrt_free(data);
}

// ---- integer pow ------------------------------------------------------------------

TEST(RuntimePow, Ordinary) {
  EXPECT_EQ(arrrt_pow_i64(2, 10), 1024);
  EXPECT_EQ(arrrt_pow_i64(-2, 3), -8);
  EXPECT_EQ(arrrt_pow_i64(-3, 4), 81);
  EXPECT_EQ(arrrt_pow_i64(7, 1), 7);
  EXPECT_EQ(arrrt_pow_i64(0, 0), 1);
  EXPECT_EQ(arrrt_pow_i64(5, 0), 1);
  EXPECT_EQ(arrrt_pow_i64(0, 5), 0);
  EXPECT_EQ(arrrt_pow_i64(10, 18), 1000000000000000000);
}

TEST(RuntimePow, WrapsOnOverflow) {
  EXPECT_EQ(arrrt_pow_i64(2, 62), int64_t{1} << 62);
  EXPECT_EQ(arrrt_pow_i64(2, 63), kMin);
  EXPECT_EQ(arrrt_pow_i64(2, 64), 0);
  EXPECT_EQ(arrrt_pow_i64(-2, 63), kMin);
  // 3^40 = 12157665459056928801, reduced modulo 2^64 into int64.
  EXPECT_EQ(arrrt_pow_i64(3, 40), -6289078614652622815);
  EXPECT_EQ(arrrt_pow_i64(kMin, 2), 0);
  EXPECT_EQ(arrrt_pow_i64(-1, kMax), -1);
  EXPECT_EQ(arrrt_pow_i64(1, kMax), 1);
}

TEST(RuntimePow, NegativeExponents) {
  EXPECT_EQ(arrrt_pow_i64(1, -5), 1);
  EXPECT_EQ(arrrt_pow_i64(-1, -3), -1);
  EXPECT_EQ(arrrt_pow_i64(-1, -4), 1);
  EXPECT_EQ(arrrt_pow_i64(-1, kMin), 1);
  EXPECT_EQ(arrrt_pow_i64(2, -1), 0);
  EXPECT_EQ(arrrt_pow_i64(-2, -1), 0);
  EXPECT_EQ(arrrt_pow_i64(0, -1), 0);
  EXPECT_EQ(arrrt_pow_i64(kMin, -1), 0);
  EXPECT_EQ(arrrt_pow_i64(kMax, kMin), 0);
}

// ---- parallel-for -----------------------------------------------------------------

struct Chunk {
  int64_t begin, end, chunk;
  std::thread::id thread;
};

/// Records every call of the chunk function.
struct Recorder {
  std::mutex mutex;
  std::vector<Chunk> chunks;

  static int record(void* context, int64_t begin, int64_t end, int64_t chunk) {
    auto* self = static_cast<Recorder*>(context);
    std::lock_guard<std::mutex> lock(self->mutex);
    self->chunks.push_back({begin, end, chunk, std::this_thread::get_id()});
    return 0;
  }

  /// The chunks sorted by number, checked to be consecutive ranges covering
  /// [0, extent) in order, one call per chunk number.
  void expectPartition(int64_t extent, int64_t used) {
    std::sort(chunks.begin(), chunks.end(),
              [](const Chunk& a, const Chunk& b) { return a.chunk < b.chunk; });
    ASSERT_EQ(static_cast<int64_t>(chunks.size()), used);
    int64_t next = 0;
    for (int64_t c = 0; c < used; ++c) {
      EXPECT_EQ(chunks[c].chunk, c);
      EXPECT_EQ(chunks[c].begin, next) << "chunk " << c;
      EXPECT_LT(chunks[c].begin, chunks[c].end) << "chunk " << c << " is empty";
      next = chunks[c].end;
    }
    EXPECT_EQ(next, extent);
  }
};

TEST(RuntimeParallel, EveryIndexExactlyOnceInOrderedChunks) {
  for (int64_t threads : {1, 2, 3, 4, 7}) {
    arrrt_set_threads(threads);
    ASSERT_EQ(arrrt_threads(), threads);
    ASSERT_EQ(arrrt_parallel_max_chunks(), threads == 1 ? 1 : 4 * threads);
    for (int64_t extent : {int64_t{100000}, int64_t{100003}, int64_t{1} << 20}) {
      std::vector<std::atomic<int>> visits(extent);
      struct Context {
        std::vector<std::atomic<int>>* visits;
        Recorder recorder;
      } context{&visits, {}};
      auto body = [](void* raw, int64_t begin, int64_t end, int64_t chunk) {
        auto* context = static_cast<Context*>(raw);
        for (int64_t i = begin; i < end; ++i)
          (*context->visits)[i].fetch_add(1, std::memory_order_relaxed);
        return Recorder::record(&context->recorder, begin, end, chunk);
      };
      int64_t used = arrrt_parallel_for(extent, 1, body, &context);
      // A chunk per 2^15 iterations of unit work, at least one per thread, at most
      // four per thread.
      int64_t expected = threads == 1 ? 1 : std::clamp(extent >> 15, threads, 4 * threads);
      EXPECT_EQ(used, expected) << "extent " << extent;
      context.recorder.expectPartition(extent, used);
      int64_t wrong = std::count_if(visits.begin(), visits.end(),
                                    [](const std::atomic<int>& count) { return count != 1; });
      EXPECT_EQ(wrong, 0) << wrong << " indices not visited exactly once, " << threads
                          << " threads, extent " << extent;
    }
  }
}

TEST(RuntimeParallel, ChunksAreBalanced) {
  arrrt_set_threads(4);
  Recorder recorder;
  EXPECT_EQ(arrrt_parallel_for(100002, 1, Recorder::record, &recorder), 4);
  recorder.expectPartition(100002, 4);
  for (const Chunk& chunk : recorder.chunks) {
    EXPECT_GE(chunk.end - chunk.begin, 25000);
    EXPECT_LE(chunk.end - chunk.begin, 25001);
  }
}

TEST(RuntimeParallel, SmallLoopsRunSeriallyOnTheCallingThread) {
  arrrt_set_threads(4);
  for (auto [extent, work] : std::vector<std::pair<int64_t, int64_t>>{
           {0, 1}, {1, 1}, {1000, 1}, {(1 << 15) - 1, 1}, {1000, 32}, {1, int64_t{1} << 40}}) {
    Recorder recorder;
    EXPECT_EQ(arrrt_parallel_for(extent, work, Recorder::record, &recorder), 1);
    ASSERT_EQ(recorder.chunks.size(), 1u);
    EXPECT_EQ(recorder.chunks[0].begin, 0);
    EXPECT_EQ(recorder.chunks[0].end, extent);
    EXPECT_EQ(recorder.chunks[0].chunk, 0);
    EXPECT_EQ(recorder.chunks[0].thread, std::this_thread::get_id());
  }
  // Enough work in total goes parallel, whether from iterations or their cost.
  Recorder many;
  EXPECT_EQ(arrrt_parallel_for(1 << 15, 1, Recorder::record, &many), 4);
  many.expectPartition(1 << 15, 4);
  Recorder costly;
  EXPECT_EQ(arrrt_parallel_for(3, 1 << 14, Recorder::record, &costly), 3);
  costly.expectPartition(3, 3);
  // A non-positive work estimate counts as 1; huge products do not overflow.
  Recorder unknown;
  EXPECT_EQ(arrrt_parallel_for(1000, 0, Recorder::record, &unknown), 1);
  Recorder huge;
  EXPECT_EQ(arrrt_parallel_for(int64_t{1} << 40, int64_t{1} << 40, Recorder::record, &huge), 16);
  huge.expectPartition(int64_t{1} << 40, 16);
}

TEST(RuntimeParallel, OneThreadMeansOneChunk) {
  arrrt_set_threads(1);
  EXPECT_EQ(arrrt_parallel_max_chunks(), 1);
  Recorder recorder;
  EXPECT_EQ(arrrt_parallel_for(1 << 22, 100, Recorder::record, &recorder), 1);
  recorder.expectPartition(1 << 22, 1);
  EXPECT_EQ(recorder.chunks[0].thread, std::this_thread::get_id());
}

TEST(RuntimeParallel, ThreadSettingIsClamped) {
  arrrt_set_threads(0);
  EXPECT_EQ(arrrt_parallel_max_chunks(), 1);
  arrrt_set_threads(-5);
  EXPECT_EQ(arrrt_parallel_max_chunks(), 1);
  EXPECT_EQ(arrrt_threads(), 1);
  arrrt_set_threads(int64_t{1} << 40);
  int64_t most = arrrt_parallel_max_chunks();
  EXPECT_GE(most, 64);
  EXPECT_LE(most, 1024);
  EXPECT_LE(arrrt_threads(), most);
  // Never more chunks than iterations, nor than the maximum.
  Recorder recorder;
  int64_t used = arrrt_parallel_for(10, int64_t{1} << 20, Recorder::record, &recorder);
  EXPECT_EQ(used, 10);
  recorder.expectPartition(10, 10);
  arrrt_set_threads(2);
  EXPECT_EQ(arrrt_threads(), 2);
  EXPECT_EQ(arrrt_parallel_max_chunks(), 8);
}

// Threads take chunks as they finish them: when the first chunks cost far more than
// the others (a triangle), the others go to the threads that are free, so no thread
// waits for one that has three quarters of the work. The chunks themselves depend on
// the loop alone: the same ranges on every run.
TEST(RuntimeParallel, AnInterruptStopsLoopsBetweenChunks) {
  // A chunk that requests the interrupt, as SIGINT would while the loop runs: the chunks
  // not started yet do not run, and the loop fails with "interrupted".
  for (int64_t threads : {1, 2, 4}) {
    arrrt_set_threads(threads);
    std::atomic<int64_t> ran{0};
    auto body = [](void* raw, int64_t, int64_t, int64_t) {
      static_cast<std::atomic<int64_t>*>(raw)->fetch_add(1);
      arrrt_request_interrupt(1);
      return 0;
    };
    arrrt_set_error("");
    EXPECT_EQ(arrrt_parallel_for(int64_t{1} << 24, 1, body, &ran), threads == 1 ? 1 : -1);
    EXPECT_LE(ran.load(), threads) << "chunks started after the interrupt";
    if (threads > 1) {
      EXPECT_STREQ(arr_last_error(), "interrupted");
    }
    // A loop that starts while the request stands does not run at all.
    ran = 0;
    EXPECT_EQ(arrrt_parallel_for(10, 1, body, &ran), -1);
    EXPECT_EQ(ran.load(), 0);
    EXPECT_STREQ(arr_last_error(), "interrupted");
    arrrt_request_interrupt(0);
    EXPECT_EQ(arrrt_parallel_for(10, 1, body, &ran), 1);
    arrrt_request_interrupt(0);
  }
  arrrt_set_threads(2);
}

TEST(RuntimeParallel, ThreadsTakeChunksAsTheyFinish) {
  arrrt_set_threads(2);
  std::vector<std::vector<Chunk>> runs;
  for (int run = 0; run < 2; ++run) {
    Recorder recorder;
    auto body = [](void* raw, int64_t begin, int64_t end, int64_t chunk) {
      // Chunk 0 is slow: the other thread meanwhile runs every other chunk.
      if (chunk == 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
      return Recorder::record(raw, begin, end, chunk);
    };
    EXPECT_EQ(arrrt_parallel_for(int64_t{1} << 20, 1, body, &recorder), 8);
    recorder.expectPartition(int64_t{1} << 20, 8);
    std::set<std::thread::id> others;
    for (const Chunk& chunk : recorder.chunks)
      if (chunk.chunk != 0 && chunk.thread != recorder.chunks[0].thread)
        others.insert(chunk.thread);
    EXPECT_EQ(others.size(), 1u);
    int64_t onOther =
        std::count_if(recorder.chunks.begin(), recorder.chunks.end(),
                      [&](const Chunk& c) { return c.thread != recorder.chunks[0].thread; });
    EXPECT_EQ(onOther, 7) << "the thread running the slow chunk also ran others";
    runs.push_back(recorder.chunks);
  }
  for (size_t c = 0; c < runs[0].size(); ++c) {
    EXPECT_EQ(runs[0][c].begin, runs[1][c].begin);
    EXPECT_EQ(runs[0][c].end, runs[1][c].end);
  }
}

TEST(RuntimeParallel, NestedCallsRunSerially) {
  arrrt_set_threads(2);
  struct Context {
    std::mutex mutex;
    std::vector<int64_t> innerChunks;
    std::vector<Chunk> innerCalls;
  } context;
  auto outer = [](void* raw, int64_t begin, int64_t end, int64_t) {
    auto* context = static_cast<Context*>(raw);
    Recorder inner;
    int64_t used = arrrt_parallel_for(1 << 20, 1000, Recorder::record, &inner);
    std::lock_guard<std::mutex> lock(context->mutex);
    context->innerChunks.push_back(used);
    context->innerCalls.insert(context->innerCalls.end(), inner.chunks.begin(), inner.chunks.end());
    return 0;
  };
  EXPECT_EQ(arrrt_parallel_for(1 << 20, 1, outer, &context), 8);
  EXPECT_EQ(context.innerChunks, std::vector<int64_t>(8, 1));
  ASSERT_EQ(context.innerCalls.size(), 8u);
  for (const Chunk& call : context.innerCalls) {
    EXPECT_EQ(call.begin, 0);
    EXPECT_EQ(call.end, 1 << 20);
    EXPECT_EQ(call.chunk, 0);
  }
}

TEST(RuntimeParallel, AFailedChunkFailsTheLoopWithItsMessage) {
  for (int64_t threads : {1, 2, 4}) {
    arrrt_set_threads(threads);
    arrrt_set_error("");
    // The chunk holding index 5000 fails, on whichever thread runs it.
    auto body = [](void*, int64_t begin, int64_t end, int64_t) {
      if (begin <= 5000 && 5000 < end) {
        arrrt_set_error("chunk failed");
        return 1;
      }
      return 0;
    };
    EXPECT_EQ(arrrt_parallel_for(1 << 16, 1, body, nullptr), -1) << threads << " threads";
    EXPECT_STREQ(arr_last_error(), "chunk failed") << threads << " threads";
    // Small loops run on the calling thread and fail the same way.
    arrrt_set_error("");
    EXPECT_EQ(arrrt_parallel_for(10000, 1, body, nullptr), -1);
    EXPECT_STREQ(arr_last_error(), "chunk failed");
  }
  arrrt_set_threads(2);
}

TEST(RuntimeParallel, BadThreadsEnvironmentIsRecognised) {
  const char* saved = std::getenv("OMP_NUM_THREADS");
  std::string kept = saved ? saved : "";
  for (const char* valid : {"1", "4", " 2 ", "04", "4,2", "8, 4 ,2", "1048576"}) {
    setenv("OMP_NUM_THREADS", valid, 1);
    EXPECT_EQ(arr::runtime::threadsEnvironmentProblem(), "") << "'" << valid << "'";
  }
  for (const char* invalid : {"", " ", "-5", "0", "abc", "4x", "+4", "4,", ",4", "2,0", "1048577",
                              "99999999999999999999999"}) {
    setenv("OMP_NUM_THREADS", invalid, 1);
    EXPECT_EQ(arr::runtime::threadsEnvironmentProblem(),
              "OMP_NUM_THREADS='" + std::string(invalid) +
                  "' is not a positive number of threads (or a comma-separated list of them)");
  }
  unsetenv("OMP_NUM_THREADS");
  EXPECT_EQ(arr::runtime::threadsEnvironmentProblem(), "");
  if (saved) setenv("OMP_NUM_THREADS", kept.c_str(), 1);
}

TEST(RuntimeParallel, DefaultThreadsArePositiveAndStable) {
  int64_t first = arrrt_parallel_max_chunks();
  EXPECT_GE(first, 1);
  EXPECT_EQ(arrrt_parallel_max_chunks(), first);
}

} // namespace
