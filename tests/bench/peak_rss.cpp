// Runs a command and writes the peak resident set size of its process, in KiB
// (ru_maxrss from wait4), to a file; used by run.py.
//
//     peak_rss RESULT_FILE COMMAND [ARG..]
//
// Linux carries a process's peak over execve, so a command started directly by
// a large parent (the Python runner, holding arrays) would report at least the
// parent's size. This small program forks a copy of itself, whose peak is
// tiny, before the exec. The exit status is the command's (128 + signal when
// it was killed).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: peak_rss RESULT_FILE COMMAND [ARG..]\n");
    return 2;
  }
  pid_t child = fork();
  if (child < 0) {
    std::perror("peak_rss: fork");
    return 2;
  }
  if (child == 0) {
    execvp(argv[2], argv + 2);
    std::fprintf(stderr, "peak_rss: cannot run %s: %s\n", argv[2], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  while (wait4(child, &status, 0, &usage) < 0)
    if (errno != EINTR) {
      std::perror("peak_rss: wait4");
      return 2;
    }
  if (FILE* out = std::fopen(argv[1], "w")) {
    std::fprintf(out, "%ld\n", usage.ru_maxrss);
    std::fclose(out);
  }
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
