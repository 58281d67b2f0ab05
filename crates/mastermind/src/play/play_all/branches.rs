//! [`play_all`]'s tree cut into branches that can be played apart (a cluster shares them out), and the part of the
//! tree below one answer to the first guess (a run measured or shared by hand).

use progress::{NoObserver, Observer};

#[cfg(doc)]
use super::play_all;
use super::{PARALLEL_BRANCHES_FROM, Tree, opening};
use crate::kernel::feedback::score_reference;
use crate::listing::listed::Listed;
use crate::search::Budget;
use crate::stats::PlayAllStats;
use crate::strategy::{Strategy, StrategyError};
use crate::{Code, Feedback, Spec};

/// A branch of the tree of every game ([`play_all`]): the secrets still consistent at one node (sorted indices
/// among all codes), and what the walk below it needs. Branches are played independently, so a cluster can
/// share them out ([`play_all_top`], [`play_branch`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The secrets still possible here.
    pub consistent: Vec<u32>,
    /// Guesses made above, plus one: the guess made here is guess number `depth`.
    pub depth: u32,
    /// The guesses made above (code indices), in order.
    pub guesses: Vec<u32>,
    /// Seeds this node's random choices.
    pub seed: u64,
}

impl Branch {
    /// The whole tree of a game of `codes` codes: every code still possible, before the first guess.
    pub(super) fn root(codes: usize, seed: u64) -> Branch {
        Branch {
            consistent: (0..codes as u32).collect(),
            depth: 1,
            guesses: Vec::new(),
            seed,
        }
    }

    /// Secrets in the branch.
    pub fn len(&self) -> usize {
        self.consistent.len()
    }

    /// Whether it holds no secret.
    pub fn is_empty(&self) -> bool {
        self.consistent.is_empty()
    }
}

/// The top of [`play_all`]'s tree cut into branches of at most `1 / pieces` of its secrets where it can be (the
/// biggest branch is split first; a branch too small to be worth splitting stays whole), biggest first, with the
/// stats of the games won above them. Playing every branch with [`play_branch`] and merging gives [`play_all`]'s
/// result. With `answer`, only the part of the tree below that answer to the first guess: the secrets that score
/// it so (their games count the first guess; the winning answer is the one game won at once). For the strategies
/// that play one tree (not `optimal`, whose tree is one search, nor `local-search`).
///
/// A cluster plays this top on every rank alike, so it is cut by size rather than into a number of branches: each
/// split costs one guess on every rank, and at 8x8 a guess below the first two can take minutes.
pub fn play_all_top(
    spec: &Spec,
    strategy: Strategy,
    seed: u64,
    first: Option<&Code>,
    answer: Option<Feedback>,
    budget: &Budget,
    pieces: usize,
) -> Result<(PlayAllStats, Vec<Branch>), StrategyError> {
    if strategy == Strategy::Optimal || strategy.for_huge_games() {
        return Err(StrategyError::TooBig(format!(
            "{} does not play one tree of guesses that can be cut into branches",
            strategy.name()
        )));
    }
    let listed = Listed::new(spec)?;
    let first = opening(&listed, strategy, first)?;
    let tree = Tree::new(&listed, strategy, first, budget, &NoObserver);
    let mut stats = PlayAllStats::default();
    let mut branches = vec![Branch::root(listed.len(), seed)];
    if let Some(answer) = answer {
        branches = below_answer(&tree, branches.remove(0), answer, &mut stats)?;
    }
    let secrets: usize = branches.iter().map(Branch::len).sum();
    let at_most = secrets.div_ceil(pieces.max(1));
    // Split the biggest until none holds more than `at_most`, or the biggest is too small to be worth it.
    while let Some((i, biggest)) = branches
        .iter()
        .enumerate()
        .max_by_key(|(i, b)| (b.len(), usize::MAX - i))
    {
        if biggest.len() <= at_most || biggest.len() < PARALLEL_BRANCHES_FROM {
            break;
        }
        let depth = biggest.depth;
        let (wins, below) = tree.node(branches.swap_remove(i))?;
        if wins {
            stats.record(depth);
        }
        branches.extend(below);
    }
    branches.sort_by_key(|b| std::cmp::Reverse(b.len()));
    Ok((stats, branches))
}

/// The branch of the secrets that answer the first guess with `answer` (none for the winning answer, whose one
/// game goes into `stats`), or why there is none.
fn below_answer(
    tree: &Tree,
    root: Branch,
    answer: Feedback,
    stats: &mut PlayAllStats,
) -> Result<Vec<Branch>, StrategyError> {
    let pegs = tree.listed.spec.pegs;
    if !answer.is_possible(pegs) {
        return Err(StrategyError::TooBig(format!(
            "no code scores {} blacks and {} whites with {pegs} pegs",
            answer.black, answer.white
        )));
    }
    let (wins, below) = tree.node(root)?;
    if answer.is_win(pegs) {
        if wins {
            stats.record(1);
        }
        return Ok(Vec::new());
    }
    let answers = |b: &Branch| {
        let (guess, secret) = (b.guesses[0], b.consistent[0]);
        score_reference(tree.listed.pegs(guess), tree.listed.pegs(secret)) == answer
    };
    match below.into_iter().find(answers) {
        Some(branch) => Ok(vec![branch]),
        None => Err(StrategyError::TooBig(format!(
            "no secret answers the first guess with {} blacks and {} whites",
            answer.black, answer.white
        ))),
    }
}

/// Every game of one branch of [`play_all`]'s tree (from [`play_all_top`]), telling `observer` how many of the
/// branch's games are finished.
pub fn play_branch(
    spec: &Spec,
    strategy: Strategy,
    first: Option<&Code>,
    branch: Branch,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<PlayAllStats, StrategyError> {
    let listed = Listed::new(spec)?;
    let first = opening(&listed, strategy, first)?;
    let tree = Tree::new(&listed, strategy, first, budget, observer).of(branch.len());
    tree.walk(branch)
}
