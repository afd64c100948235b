// Reading the generated parallel corpus (tools/corpus/README.md): one pair per line,
//   french tokens <TAB> english tokens <TAB> gold alignment (Pharaoh: "i-j" sure, "i?j" possible)
// Tokens are already normalized and space-separated, exactly as core/tokenizer.h produces them.
#pragma once

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "model.h"

namespace ae::tools {

struct AlignmentLink {
  int src = 0;
  int tgt = 0;
  bool sure = true;
};

struct SentencePair {
  std::vector<std::string> src;
  std::vector<std::string> tgt;
  std::vector<AlignmentLink> links;
};

inline std::vector<std::string> split_spaces(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

inline std::vector<SentencePair> read_corpus(const std::string& path, size_t limit = 0) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open corpus file " + path);
  std::vector<SentencePair> pairs;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    std::vector<std::string> columns;
    std::istringstream fields(line);
    for (std::string column; std::getline(fields, column, '\t');) columns.push_back(column);
    if (columns.size() < 2) throw std::runtime_error("bad corpus line in " + path + ": " + line);
    SentencePair pair{split_spaces(columns[0]), split_spaces(columns[1]), {}};
    if (columns.size() > 2) {
      for (const std::string& link : split_spaces(columns[2])) {
        const size_t cut = link.find_first_of("-?");
        if (cut == std::string::npos) continue;
        pair.links.push_back(
            {std::stoi(link.substr(0, cut)), std::stoi(link.substr(cut + 1)), link[cut] == '-'});
      }
    }
    pairs.push_back(std::move(pair));
    if (limit && pairs.size() >= limit) break;
  }
  return pairs;
}

// Vocabulary of a side of the corpus: the reserved ids, then words by decreasing frequency
// (ties alphabetical, so the result is deterministic).
inline Vocab build_vocab(const std::vector<SentencePair>& pairs, bool source) {
  std::map<std::string, long> counts;
  for (const SentencePair& p : pairs)
    for (const std::string& w : source ? p.src : p.tgt) ++counts[w];
  std::vector<std::pair<std::string, long>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> words{"<unk>", "<s>", "</s>"};
  for (const auto& entry : sorted) words.push_back(entry.first);
  return Vocab(words);
}

inline std::vector<int> to_ids(const Vocab& vocab, const std::vector<std::string>& words) {
  std::vector<int> ids;
  ids.reserve(words.size());
  for (const std::string& w : words) ids.push_back(vocab.id(w));
  return ids;
}

}  // namespace ae::tools
