/** The commented `models.yaml` that `touchstone init` writes. */
export const SCAFFOLD_MODELS = `# yaml-language-server: $schema=./schemas/models.schema.json
# The model registry: every model touchstone can run.
#   provider   openai-compatible | openrouter | anthropic | command
#   role       candidate (competes on cost, the default) | anchor (capability ceiling, may sit on juries)
#   status     active (the default) | retired (keeps its results, joins no new run)
#   price      USD per million tokens, used when the provider reports no billed cost
# API keys never go in this file: \`api_key_env\` names the environment variable that holds one.
models:
  # A model served on this machine by any OpenAI-compatible server (vLLM, llama.cpp, LM Studio...).
  - id: local/llama-3.1-8b
    provider: openai-compatible
    model: meta-llama/Llama-3.1-8B-Instruct
    base_url: http://localhost:8000/v1
    tags: { family: llama, weights: open, tier: small }
    price: { input: 0, output: 0 }

  # OpenRouter: one key for many hosted models (reads OPENROUTER_API_KEY).
  # - id: openrouter/gpt-4.1-mini
  #   provider: openrouter
  #   model: openai/gpt-4.1-mini
  #   tags: { family: gpt, weights: proprietary, tier: mid }
  #   price: { input: 0.4, output: 1.6 }

  # Anthropic, as an anchor that can sit on the jury (reads ANTHROPIC_API_KEY).
  # - id: anthropic/claude-sonnet-4
  #   provider: anthropic
  #   model: claude-sonnet-4-20250514
  #   role: anchor
  #   tags: { family: claude, weights: proprietary, tier: large }
  #   price: { input: 3, output: 15, cache_read: 0.3 }
  #   options: { max_retries: 4, concurrency: 4, timeout_s: 120 }

  # Ollama on this machine (OpenAI-compatible endpoint, no key needed).
  # - id: ollama/qwen2.5-7b
  #   provider: openai-compatible
  #   model: qwen2.5:7b
  #   base_url: \${OLLAMA_HOST}/v1        # expanded at run time, e.g. OLLAMA_HOST=http://localhost:11434
  #   tags: { family: qwen, weights: open, tier: small }

  # Any program that reads a request on stdin and writes the answer on stdout.
  # - id: my-wrapper
  #   provider: command
  #   command: [python3, tools/my_model.py, --temperature, "0"]

  # Reference policies for the task use case (\`fixes\` in use_cases.yaml): no model is called.
  # The baseline changes nothing (every task must fail it), gold applies the task's reference
  # solution (every task must pass it). Uncomment them with that use case.
  # - id: builtin/baseline
  #   provider: builtin
  #   model: baseline
  #   role: anchor
  # - id: builtin/gold
  #   provider: builtin
  #   model: gold
  #   role: anchor
`;

/** The `judge_panels.yaml` that `touchstone init` writes. */
export const SCAFFOLD_JUDGE_PANELS = `# yaml-language-server: $schema=./schemas/judge_panels.schema.json
# Pinned LLM jury panels. A panel's version is a label on every score it gives; results graded
# by other jurors (model, endpoint, options) or another quorum are flagged stale whatever it says.
# Prefer several anchors from different model families over one judge; this starter panel uses
# the local model only so that the folder works as scaffolded.
default: default
panels:
  - id: default
    version: jury@v1
    jurors: [local/llama-3.1-8b]
    # quorum: 1                      # jurors that must answer; defaults to a majority
`;

/** The `use_cases.yaml` that `touchstone init` writes. */
export const SCAFFOLD_USE_CASES = `# yaml-language-server: $schema=./schemas/use_cases.schema.json
# The use-case roster: the jobs models do for your team.
#   runnable   a plugin produces scores (here the generic \`cases\` plugin over YAML case files)
#   idea       no harness yet: the unlock board. Say what it would unblock and what stops it today.
use_cases:
  - id: hello
    title: Greeting
    description: Writes a one-line greeting that names the person.
    status: runnable
    modality: { input: text, output: text }
    plugin: cases
    cases: packs/hello/*.yaml        # relative to this folder
    # fleet: [local/llama-3.1-8b]    # defaults to every active model
    # band: 0.05                     # "good enough" margin below the best headline
    # samples: 2                     # samples per cell at thorough depth
    deployed: { model: local/llama-3.1-8b, harness: single-shot }

  - id: meeting-notes-audio
    status: idea
    modality: { input: audio, output: text }
    unlock: Summarize recorded meetings without a separate transcription service.
    ceiling: Speaker attribution is wrong in more than one turn out of ten.

  # A coding-task use case: each task is a small repository the model changes with file tools (and
  # a shell) in a sandbox, graded by hidden tests it never sees. Commented out because its tasks
  # need their fixture/ first. To try it, from this folder's parent:
  # 1. uncomment it, and the two builtin models at the end of models.yaml
  # 2. touchstone snapshot --tasks benchmarks/packs/fixes         writes each task's fixture/
  # 3. touchstone validate-tasks --tasks benchmarks/packs/fixes   baseline must fail, gold must pass
  # 4. touchstone run --use-case fixes                            the models, in the sandbox
  # - id: fixes
  #   title: Bug fixes
  #   status: runnable
  #   modality: { input: text, output: code }
  #   plugin: tasks
  #   tasks: packs/fixes                # one folder per task, each with a task.yaml
  #   fleet: [local/llama-3.1-8b, builtin/baseline, builtin/gold]
  #   samples: 1
  #   deployed: { model: local/llama-3.1-8b, harness: agent }
`;

/** The example case file that `touchstone init` writes under `packs/hello/`. */
export const SCAFFOLD_GREETING_CASE = `# One graded input of the \`hello\` use case.
#   kind        floor (a good-enough model must pass) | ceiling (separates the best) | frontier | stub
#   reference   the gold answer, for humans and juries; never shown to the model
#   checks      how the output is graded, one metric each: exact, contains, regex, json_schema, numeric
#   threshold   the headline (by default the mean of the check metrics) at or above which it passes
id: greeting
version: "1"
kind: floor
input:
  prompt: Write a one-sentence greeting for Ada, who joins the team today.
  max_tokens: 60
reference:
  text: Welcome to the team, Ada!
checks:
  - { metric: names_person, contains: [Ada] }
  - { metric: one_sentence, regex: '^[^.!?]+[.!?]?\\s*$' }
threshold: 1
`;
