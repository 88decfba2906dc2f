#include "driver/PassManager.h"

#include "base/Dim.h"
#include "frontend/Diagnostics.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <new>

namespace arr::driver {

bool PassManager::wants(const std::vector<std::string>& names, const std::string& name) const {
  return std::find(names.begin(), names.end(), name) != names.end();
}

void PassManager::addRepeated(std::vector<Pass> passes, std::function<bool()> again) {
  steps_.push_back(Step{Pass{}, std::move(passes), std::move(again)});
}

std::optional<int> PassManager::runPass(const Pass& pass, int round) {
  if (pass.optional && wants(instrumentation_.disabled, pass.name)) return std::nullopt;
  std::string label = round > 1 ? pass.name + " (round " + std::to_string(round) + ")" : pass.name;
  auto start = std::chrono::steady_clock::now();
  try {
    if (pass.name == instrumentation_.injectInternalError)
      throw std::logic_error("an error injected by --debug-internal-error");
    pass.run();
  } catch (const StopPipeline& stop) {
    throw;
  } catch (const CompileError& error) {
    // Diagnostics the pass could not report itself (they carry a location).
    std::cerr << "arrc: error: " << error.message << "\n";
    return 1;
  } catch (const UserError& error) {
    std::cerr << "arrc: error: " << error.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "arrc: error: out of memory in pass " << pass.name << "\n";
    return 1;
  } catch (const DimTermLimitError& error) {
    // A size the type checker did not compute (inside an inlined body) crossed the limit.
    std::cerr << "arrc: error: " << error.what() << " in pass " << pass.name << "\n";
    return 1;
  } catch (const std::exception& error) {
    // A broken invariant: the compiler's fault, whatever the program.
    std::cerr << "arrc: internal compiler error: " << error.what() << " in pass " << pass.name
              << "\n";
    return 1;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!pass.view) {
    timings_.push_back({label, seconds, ""});
    if (afterEachPass_) afterEachPass_(pass.name);
    return std::nullopt;
  }
  IRView view = pass.view();
  if (instrumentation_.verify && view.verify) {
    std::string problem = view.verify();
    if (!problem.empty()) {
      std::cerr << "arrc: internal compiler error: the IR after pass " << label
                << " is malformed: " << problem << "\n";
      return 1;
    }
  }
  std::string size =
      (instrumentation_.printStats || instrumentation_.timePasses) && view.size ? view.size() : "";
  if (instrumentation_.printStats) std::cerr << "stats: " << pass.name << ": " << size << "\n";
  timings_.push_back({label, seconds, size});
  if (wants(instrumentation_.dumpAfter, pass.name)) {
    // Several dumps in a row: a comment line says where each begins.
    if (instrumentation_.dumpAfter.size() > 1 || round > 1)
      std::cout << (pass.name == "llvm" ? "; after " : "-- after ") << label << "\n";
    std::cout << view.print();
  }
  if (afterEachPass_) afterEachPass_(pass.name);
  return std::nullopt;
}

int PassManager::run() {
  int status = 0;
  try {
    for (const Step& step : steps_) {
      if (step.group.empty()) {
        if (auto failed = runPass(step.pass, 1)) {
          status = *failed;
          break;
        }
        continue;
      }
      for (int round = 1; status == 0 && step.again(); ++round)
        for (const Pass& pass : step.group)
          if (auto failed = runPass(pass, round)) {
            status = *failed;
            break;
          }
      if (status != 0) break;
    }
  } catch (const StopPipeline& stop) {
    status = stop.status;
  }
  std::cout.flush();
  if (instrumentation_.timePasses) std::cerr << timeReport();
  return status;
}

std::string PassManager::timeReport() const {
  double total = 0;
  for (const Timing& timing : timings_)
    total += timing.seconds;
  std::string out =
      "===" + std::string(73, '-') + "===\n" +
      fmt::format("{:^79}\n", "arrc pass execution timing report") + "===" + std::string(73, '-') +
      "===\n" + fmt::format("  Total Execution Time: {:.4f} seconds (wall clock)\n\n", total) +
      fmt::format("   {:>17}  {:>22}  {}\n", "---Wall Time---", "---IR Size---", "---Name---");
  for (const Timing& timing : timings_)
    out += fmt::format("   {:>8.4f} ({:5.1f}%)  {:>22}  {}\n", timing.seconds,
                       total > 0 ? 100 * timing.seconds / total : 0.0, timing.size, timing.name);
  out += fmt::format("   {:>8.4f} (100.0%)  {:>22}  Total\n", total, "");
  return out;
}

} // namespace arr::driver
